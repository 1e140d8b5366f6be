package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.cli.MovePrompt;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.render.BoardRenderer;
import com.plyyard.client.render.Style;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleAttemptSummary;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.PuzzleHistoryResponse;
import com.plyyard.proto.v1.PuzzleRating;
import com.plyyard.proto.v1.PuzzleResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code puzzle}: puzzles near my puzzle rating (docs/learn.md, "Puzzles"). Without moves, played on the board: the
 * position, a move read from the terminal and judged, a wrong one ending the attempt with the solution shown, then the
 * next puzzle; with moves after the options, those moves answer the attempt's steps in order (scripts); {@code --show}
 * only shows the attempt, {@code --history} my ratings and latest attempts.
 */
@Command(name = "puzzle", mixinStandardHelpOptions = true,
    description = "Puzzles near my puzzle rating, judged by the rules and the verified line; rated by Glicko-2.")
public class PuzzleCommand implements Callable<Integer> {
    private static final List<String> GAMES = List.of("draughts", "ploy", "piracy");

    @Spec
    CommandSpec spec;
    @Mixin
    OnlineArgs online;

    @Option(names = "--game", paramLabel = "GAME", description = "draughts, ploy or piracy.")
    String game;

    @Option(names = "--variant", paramLabel = "ID", description = "Only puzzles of this variant (e.g. draughts:plyyard).")
    String variant;

    @Option(names = "--daily", description = "Today's puzzle of the game (the same for everyone).")
    boolean daily;

    @Option(names = "--show", description = "Show the attempt (opened when there is none) and stop.")
    boolean show;

    @Option(names = "--history", description = "My puzzle ratings and latest attempts (of --game, else of every game).")
    boolean history;

    @Option(names = "--limit", defaultValue = "20", paramLabel = "N", description = "--history: attempts listed "
        + "(default ${DEFAULT-VALUE}, at most 200).")
    int limit;

    @Option(names = "--ascii", description = "Draw boards in ASCII, without colours.")
    boolean ascii;

    @Parameters(arity = "0..*", paramLabel = "MOVE", description = "Moves answering the attempt's steps in order.")
    List<String> moves = new ArrayList<>();

    /** Where moves are read from (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Style style = ascii ? Style.ASCII : Style.detect();
        if (game != null && !GAMES.contains(game)) {
            throw CliException.badInput("Unknown game '" + game + "'; the games are " + String.join(", ", GAMES) + ".");
        }
        if (!history && game == null) {
            throw CliException.badInput("Say which game's puzzles: --game draughts, ploy or piracy.");
        }
        try (Lobby lobby = online.connect()) {
            if (history) {
                PuzzleHistoryResponse h = lobby.call(() -> lobby.learn().puzzleHistory(PuzzleHistoryRequest.newBuilder()
                    .setGame(game == null ? "" : game).setLimit(limit).build()));
                h.getRatingsList().forEach(r -> out.println(rating(r)));
                h.getAttemptsList().forEach(a -> out.println(summary(a)));
                out.flush();
                return 0;
            }
            PuzzleAttempt attempt = open(lobby);
            show(attempt, style, out);
            if (show) {
                out.flush();
                return 0;
            }
            if (!moves.isEmpty()) {
                for (String move : moves) {
                    if (attempt.getResult() != PuzzleResult.PUZZLE_RESULT_OPEN) {
                        break;
                    }
                    attempt = answer(lobby, attempt, move, out).getAttempt();
                }
                out.flush();
                return 0; // a wrong move is a result, not a failure: the line says correct=false
            }
            return play(lobby, attempt, style, out);
        }
    }

    private PuzzleAttempt open(Lobby lobby) {
        NextPuzzleRequest request = NextPuzzleRequest.newBuilder().setGame(game).setVariant(variant == null ? "" : variant)
            .build();
        return lobby.call(() -> daily ? lobby.learn().dailyPuzzle(request) : lobby.learn().nextPuzzle(request));
    }

    /** The attempt's line (stable, for tools), the task and the board. */
    static void show(PuzzleAttempt a, Style style, PrintWriter out) {
        out.println("puzzle attempt=" + a.getAttemptId() + " id=" + a.getPuzzleId() + " variant=" + a.getVariant()
            + " goal=" + a.getGoal() + " step=" + (a.getStep() + 1) + "/" + a.getSteps() + " puzzle_rating="
            + a.getPuzzleRating() + " rating=" + a.getRating().getRating() + (a.getRating().getProvisional() ? "?" : "")
            + (a.getDaily() ? " daily=" + a.getDay() : "") + " result=" + result(a.getResult()));
        out.println(task(a));
        out.println(BoardRenderer.render(a.getState(), style));
    }

    static String task(PuzzleAttempt a) {
        String side = a.getState().getSeatsCount() > a.getState().getToMove()
            ? a.getState().getSeats(a.getState().getToMove()).getColour() : "the side to move";
        String goal = switch (a.getGoal()) {
            case "win" -> "wins";
            case "draw" -> "holds the draw";
            default -> "keeps a clear advantage";
        };
        return "Find the move that " + goal + " for " + side + (a.getSteps() > 1 ? " (" + a.getSteps() + " moves)" : "")
            + ".";
    }

    private static PuzzleAnswer answer(Lobby lobby, PuzzleAttempt a, String move, PrintWriter out) {
        PuzzleAnswer answer = lobby.call(() -> lobby.learn().answerPuzzle(AnswerPuzzleRequest.newBuilder()
            .setAttemptId(a.getAttemptId()).setStep(a.getStep()).setMove(move).build()));
        PuzzleAttempt after = answer.getAttempt();
        out.println("answer attempt=" + a.getAttemptId() + " step=" + (a.getStep() + 1) + " move=" + move + " correct="
            + answer.getCorrect() + (answer.getReply().isEmpty() ? "" : " reply=" + answer.getReply()) + " result="
            + result(after.getResult()) + " rating=" + after.getRating().getRating() + " change="
            + String.format(Locale.ROOT, "%+d", answer.getRatingChange()) + " puzzle_rating=" + after.getPuzzleRating());
        out.println(answer.getSentence());
        if (after.getResult() != PuzzleResult.PUZZLE_RESULT_OPEN) {
            out.println("solution: " + String.join(" ", after.getSolutionList())
                + (after.getThemesCount() == 0 ? "" : " (themes: " + String.join(", ", after.getThemesList()) + ")"));
        }
        return answer;
    }

    /** On the board: a move per step; an illegal move is told and asked again; then the next puzzle, until quit. */
    private int play(Lobby lobby, PuzzleAttempt first, Style style, PrintWriter out) throws IOException {
        MovePrompt prompt = new MovePrompt(input, out);
        PuzzleAttempt a = first;
        while (true) {
            while (a.getResult() == PuzzleResult.PUZZLE_RESULT_OPEN) {
                Optional<String> move = prompt.nextMove("your move (or 'help', 'quit'): ",
                    "stopped; the attempt stays open for next time", a.getState(), style, "");
                if (move.isEmpty()) {
                    return 0;
                }
                PuzzleAnswer answer;
                try {
                    answer = answer(lobby, a, move.get(), out);
                } catch (CliException refused) {
                    out.println(refused.getMessage());
                    continue;
                }
                a = answer.getAttempt();
                out.println(BoardRenderer.render(a.getState(), style));
            }
            if (daily) {
                out.flush();
                return 0;
            }
            if (!prompt.goOn("next puzzle? (enter: yes, 'quit': no) ")) {
                return 0;
            }
            a = open(lobby);
            show(a, style, out);
        }
    }

    static String rating(PuzzleRating r) {
        return "rating game=" + r.getGame() + " rating=" + r.getRating() + (r.getProvisional() ? "?" : "") + " deviation="
            + r.getDeviation() + " attempts=" + r.getAttempts() + " solved=" + r.getSolved();
    }

    static String summary(PuzzleAttemptSummary a) {
        return "attempt id=" + a.getAttemptId() + " puzzle=" + a.getPuzzleId() + " variant=" + a.getVariant() + " result="
            + result(a.getResult()) + " change=" + String.format(Locale.ROOT, "%+d", a.getRatingChange()) + " rating_after="
            + a.getRatingAfter() + " puzzle_rating=" + a.getPuzzleRating() + (a.getDaily() ? " daily=true" : "");
    }

    static String result(PuzzleResult r) {
        return switch (r) {
            case PUZZLE_RESULT_OPEN -> "open";
            case PUZZLE_RESULT_SOLVED -> "solved";
            case PUZZLE_RESULT_FAILED -> "failed";
            default -> "unknown";
        };
    }
}
