package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.Lobby;
import com.plyyard.engine.search.Score;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.MoveClass;
import com.plyyard.proto.v1.ReviewMatchRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewRecordRequest;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewSummary;
import com.plyyard.proto.v1.ReviewedMove;
import com.plyyard.proto.v1.SideReview;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code review}: the AI's review of a finished match, or of a record from a file (docs/learn.md, "Game review"), as a
 * table: a row per move as the review reaches it (a long review shows its progress), then a summary line per side.
 */
@Command(name = "review", mixinStandardHelpOptions = true,
    description = "The AI's review of a finished match (or of a record): each move's class, its evaluation and the "
        + "better move where it lost value.")
public class ReviewCommand implements Callable<Integer> {
    private static final List<String> GAMES = List.of("draughts", "ploy", "piracy");

    @Spec
    CommandSpec spec;
    @Mixin
    OnlineArgs online;

    @Parameters(arity = "0..1", paramLabel = "MATCH", description = "The finished match to review.")
    String matchId;

    @Option(names = "--record", paramLabel = "FILE", description = "Review this record instead (PDN, a Ploy or Piracy "
        + "record, as ./plyyard export writes them); needs --game.")
    Path record;

    @Option(names = "--game", paramLabel = "GAME", description = "With --record: draughts, ploy or piracy.")
    String game;

    @Override
    public Integer call() throws IOException {
        if ((matchId == null) == (record == null)) {
            throw CliException.badInput("Name a finished match to review, or give --record FILE (not both).");
        }
        if (record != null && (game == null || !GAMES.contains(game))) {
            throw CliException.badInput("Say which game the record is of: --game draughts, ploy or piracy.");
        }
        String text = record == null ? null : Files.readString(record, StandardCharsets.UTF_8);
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = online.connect()) {
            Iterator<ReviewProgress> stream = lobby.call(() -> record == null
                ? lobby.learn().reviewMatch(ReviewMatchRequest.newBuilder().setMatchId(matchId).build())
                : lobby.learn().reviewRecord(ReviewRecordRequest.newBuilder().setGame(game).setRecord(text).build()));
            ReviewStart start = null;
            try {
                while (stream.hasNext()) {
                    ReviewProgress p = stream.next();
                    if (p.hasStart()) {
                        start = p.getStart();
                        printStart(start, out);
                    } else if (p.hasMove() && start != null) {
                        out.println(row(p.getMove(), start.getFirst()));
                    } else if (p.hasSummary() && start != null) {
                        printSummary(p.getSummary(), start.getFirst(), out);
                    }
                    out.flush();
                }
            } catch (StatusRuntimeException e) {
                throw lobby.failure(e);
            }
        }
        return 0;
    }

    private static void printStart(ReviewStart s, PrintWriter out) {
        out.println("review id=" + s.getReviewId() + (s.getMatchId().isEmpty() ? "" : " match=" + s.getMatchId())
            + " variant=" + s.getFirst().getVariant().getId() + " plies=" + s.getMovesCount() + " sides=" + s.getSides()
            + " move_ms=" + s.getMoveMillis());
        out.println(String.format(Locale.ROOT, "%4s  %-7s %-14s %-10s %6s %-12s %-14s %s", "ply", "seat", "move", "class",
            "loss%", "eval", "best", "better line"));
    }

    /**
     * One move: its number, the seat, the move, its class, the share of the expected result it gave away, the
     * evaluation after it (the mover's view), and where it lost value, the better move and its line.
     */
    static String row(ReviewedMove m, GameState first) {
        boolean lost = !m.getMove().equals(m.getBest()) && m.getClassification() != MoveClass.MOVE_CLASS_BEST;
        return String.format(Locale.ROOT, "%4d  %-7s %-14s %-10s %6.1f %-12s %-14s %s", m.getPly() + 1,
            colour(first, m.getSeat()), m.getMove(), word(m.getClassification()), m.getLoss() / 10.0,
            Score.describe(m.getPlayedScore()), lost ? m.getBest() : "", lost ? String.join(" ", m.getBestLineList()) : "")
            .stripTrailing();
    }

    private static void printSummary(ReviewSummary s, GameState first, PrintWriter out) {
        for (SideReview side : s.getSidesList()) {
            out.println("summary side=" + side.getSide() + " seats=" + side.getSeatsList().stream()
                .map(seat -> colour(first, seat)).collect(Collectors.joining(",")) + " moves=" + side.getMoves()
                + " best=" + side.getBest() + " good=" + side.getGood() + " inaccuracies=" + side.getInaccuracies()
                + " mistakes=" + side.getMistakes() + " blunders=" + side.getBlunders() + " average_loss="
                + String.format(Locale.ROOT, "%.1f", side.getAverageLoss() / 10.0));
        }
        out.println("reviewed=" + s.getReviewed() + "/" + s.getPlies() + " millis=" + s.getMillis());
    }

    private static String colour(GameState first, int seat) {
        return seat < first.getSeatsCount() ? first.getSeats(seat).getColour() : "seat" + seat;
    }

    /** "best", "good", "inaccuracy", "mistake", "blunder". */
    static String word(MoveClass c) {
        return switch (c) {
            case MOVE_CLASS_BEST -> "best";
            case MOVE_CLASS_GOOD -> "good";
            case MOVE_CLASS_INACCURACY -> "inaccuracy";
            case MOVE_CLASS_MISTAKE -> "mistake";
            case MOVE_CLASS_BLUNDER -> "blunder";
            default -> "?";
        };
    }
}
