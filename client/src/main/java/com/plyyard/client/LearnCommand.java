package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.cli.MovePrompt;
import com.plyyard.client.online.Lobby;
import com.plyyard.client.render.BoardRenderer;
import com.plyyard.client.render.Style;
import com.plyyard.proto.v1.Exercise;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.ExercisePart;
import com.plyyard.proto.v1.ExerciseProgress;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.Lesson;
import com.plyyard.proto.v1.ListLessonsRequest;
import com.plyyard.proto.v1.ListLessonsResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code learn}: the lessons and exercises (docs/learn.md). Without an exercise, the lessons of a game with my progress;
 * with one, the exercise played on the board (moves read from the terminal, each judged by the rules, a wrong one
 * explained and retried); with moves after it, those moves judged as one answer (scripts).
 */
@Command(name = "learn", mixinStandardHelpOptions = true,
    description = "Lessons and exercises answered on the board, judged by the rules; my progress is kept.")
public class LearnCommand implements Callable<Integer> {
    private static final List<String> GAMES = List.of("draughts", "ploy", "piracy");

    @Spec
    CommandSpec spec;
    @Mixin
    OnlineArgs online;

    @Option(names = "--game", paramLabel = "GAME", description = "draughts, ploy or piracy (the lessons to list; default:"
        + " all three).")
    String game;

    @Option(names = "--part", paramLabel = "N", defaultValue = "1",
        description = "With moves: the part they answer, from 1 (default ${DEFAULT-VALUE}).")
    int part;

    @Option(names = "--ascii", description = "Draw boards in ASCII, without colours.")
    boolean ascii;

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXERCISE", description = "An exercise's id, e.g. "
        + "draughts-king-priority.")
    String exerciseId;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "MOVE",
        description = "Moves answering the part's steps in order; the last one is judged.")
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
        try (Lobby lobby = online.connect()) {
            if (exerciseId == null) {
                for (String g : game == null ? GAMES : List.of(game)) {
                    list(lobby.call(() -> lobby.learn().listLessons(ListLessonsRequest.newBuilder().setGame(g).build())), g,
                        out);
                }
                out.flush();
                return 0;
            }
            Exercise exercise = find(lobby, exerciseId).orElseThrow(() -> CliException.badInput("There is no exercise '"
                + exerciseId + "'; './plyyard learn' lists them."));
            if (!moves.isEmpty()) {
                Judgement j = judge(lobby, exercise.getId(), part - 1, moves);
                out.println(describe(exercise.getId(), part - 1, moves.get(moves.size() - 1), j));
                out.flush();
                return 0; // a wrong answer is a judgement, not a failure: the line says correct=false
            }
            return play(lobby, exercise, style, out);
        }
    }

    /** One line per lesson and exercise, and the game's total: stable lines for tools. */
    static void list(ListLessonsResponse r, String game, PrintWriter out) {
        for (Lesson lesson : r.getLessonsList()) {
            out.println("lesson game=" + game + " title=" + lesson.getTitle());
            for (ExerciseProgress p : lesson.getExercisesList()) {
                long solved = p.getPartsSolvedList().stream().filter(b -> b).count();
                out.println("exercise id=" + p.getExercise().getId() + " parts=" + p.getExercise().getPartsCount()
                    + " solved=" + solved + "/" + p.getExercise().getPartsCount() + " attempts=" + p.getAttempts()
                    + " wrong=" + p.getWrong() + " title=" + p.getExercise().getTitle());
            }
        }
        out.println("progress game=" + game + " solved=" + r.getSolved() + "/" + r.getExercises());
    }

    /** The judgement line, then its sentence. */
    static String describe(String id, int part, String move, Judgement j) {
        return "answer exercise=" + id + " part=" + (part + 1) + " move=" + move + " correct=" + j.getCorrect() + " solved="
            + j.getSolved() + " step=" + (j.getStep() + 1) + (j.getReply().isEmpty() ? "" : " reply=" + j.getReply())
            + "\n" + j.getSentence();
    }

    private static Optional<Exercise> find(Lobby lobby, String id) {
        int dash = id.indexOf('-');
        String g = dash < 0 ? id : id.substring(0, dash);
        if (!GAMES.contains(g)) {
            return Optional.empty();
        }
        return lobby.call(() -> lobby.learn().listLessons(ListLessonsRequest.newBuilder().setGame(g).build()))
            .getLessonsList().stream().flatMap(l -> l.getExercisesList().stream()).map(ExerciseProgress::getExercise)
            .filter(e -> e.getId().equals(id)).findFirst();
    }

    private static Judgement judge(Lobby lobby, String id, int part, List<String> moves) {
        return lobby.call(() -> lobby.learn().answerExercise(JudgeAnswerRequest.newBuilder().setExerciseId(id).setPart(part)
            .addAllMoves(moves).build()));
    }

    /** The exercise on the board, part by part: a move per step, judged; a wrong one is explained and tried again. */
    private int play(Lobby lobby, Exercise e, Style style, PrintWriter out) throws IOException {
        MovePrompt prompt = new MovePrompt(input, out);
        out.println(e.getTitle() + " (" + e.getLesson() + ")");
        out.println(e.getText());
        for (int p = 0; p < e.getPartsCount(); p++) {
            ExercisePart part = e.getParts(p);
            out.println();
            out.println("part " + (p + 1) + " of " + e.getPartsCount() + (part.getLabel().isEmpty() ? "" : ": "
                + part.getLabel()) + " (" + part.getStart().getVariant().getId() + ")");
            out.println(BoardRenderer.render(part.getStart(), style));
            out.print(BoardRenderer.legend(part.getStart(), style));
            GameState position = part.getStart();
            List<String> played = new ArrayList<>();
            while (played.size() < part.getSteps()) {
                Optional<String> answer = prompt.nextMove("your move (or 'help', 'skip', 'quit'): ",
                    "stopped; your answers so far are kept", position, style, "skip");
                if (answer.isEmpty()) {
                    return 0;
                }
                String move = answer.get();
                if (move.equalsIgnoreCase("skip")) {
                    break;
                }
                List<String> attempt = new ArrayList<>(played);
                attempt.add(move);
                Judgement j;
                try {
                    j = judge(lobby, e.getId(), p, attempt);
                } catch (CliException refused) {
                    out.println(refused.getMessage());
                    continue;
                }
                out.println((j.getCorrect() ? "right: " : "wrong: ") + j.getSentence());
                if (j.getCorrect()) {
                    played.add(move);
                    position = j.getState();
                    if (!j.getReply().isEmpty()) {
                        out.println("reply: " + j.getReply());
                    }
                    out.println(BoardRenderer.render(j.getState(), style));
                }
            }
        }
        out.println();
        out.println("done: " + e.getId());
        out.flush();
        return 0;
    }
}
