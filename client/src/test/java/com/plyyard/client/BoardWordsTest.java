package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.Exercise;
import com.plyyard.proto.v1.ExercisePart;
import com.plyyard.proto.v1.ExerciseProgress;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.Lesson;
import com.plyyard.proto.v1.ListLessonsRequest;
import com.plyyard.proto.v1.ListLessonsResponse;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleRating;
import com.plyyard.proto.v1.PuzzleResult;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * In {@code learn} and {@code puzzle}, the words that look at the board ({@code help}, {@code moves}, {@code board},
 * {@code legend}) are answered in the terminal and never sent to be judged as a (wrong) move. A scripted LearnService
 * over a real socket records what it was asked to judge.
 */
@Timeout(60)
class BoardWordsTest {
    @TempDir
    Path home;

    private final List<String> judged = new CopyOnWriteArrayList<>();
    private FakeMatchLobby lobby;
    private final InputStream stdin = System.in;
    private static final Position START = Variants.get("ploy:3m:2p").start();

    /** One Ploy exercise of one step (c2r1 is right) and one Ploy puzzle of one step (c2r1 solves it). */
    private final class Learning extends LearnServiceGrpc.LearnServiceImplBase {
        private final GameState start = ProtoMapper.standard().state(START);

        @Override
        public void listLessons(ListLessonsRequest r, StreamObserver<ListLessonsResponse> out) {
            Exercise e = Exercise.newBuilder().setId("ploy-first").setGame("ploy").setLesson("First steps")
                .setTitle("A first move").setText("Turn the Probe on c2.").addParts(ExercisePart.newBuilder()
                    .setStart(start).setSteps(1)).build();
            out.onNext(ListLessonsResponse.newBuilder().addLessons(Lesson.newBuilder().setTitle("First steps")
                .addExercises(ExerciseProgress.newBuilder().setExercise(e).addPartsSolved(false))).setExercises(1).build());
            out.onCompleted();
        }

        @Override
        public void answerExercise(JudgeAnswerRequest r, StreamObserver<Judgement> out) {
            String move = r.getMoves(r.getMovesCount() - 1);
            judged.add(move);
            boolean right = move.equals("c2r1");
            out.onNext(Judgement.newBuilder().setCorrect(right).setSolved(right).setSentence(right ? "Right." : "Not that.")
                .setState(right ? ProtoMapper.standard().state(START.play(START.parseMove("c2r1"))) : start)
                .setStep(right ? 1 : 0).build());
            out.onCompleted();
        }

        private PuzzleAttempt attempt(PuzzleResult result) {
            return PuzzleAttempt.newBuilder().setAttemptId("a1").setPuzzleId("p1").setGame("ploy").setVariant("ploy:3m:2p")
                .setGoal("win").setPuzzleRating(1500).setState(start).setSteps(1).setResult(result)
                .setRating(PuzzleRating.newBuilder().setGame("ploy").setRating(1500)).build();
        }

        @Override
        public void nextPuzzle(NextPuzzleRequest r, StreamObserver<PuzzleAttempt> out) {
            out.onNext(attempt(PuzzleResult.PUZZLE_RESULT_OPEN));
            out.onCompleted();
        }

        @Override
        public void answerPuzzle(AnswerPuzzleRequest r, StreamObserver<PuzzleAnswer> out) {
            judged.add(r.getMove());
            out.onNext(PuzzleAnswer.newBuilder().setCorrect(true).setSentence("Solved.")
                .setAttempt(attempt(PuzzleResult.PUZZLE_RESULT_SOLVED).toBuilder().addSolution("c2r1")).build());
            out.onCompleted();
        }
    }

    @BeforeEach
    void start() throws Exception {
        lobby = new FakeMatchLobby("ploy:3m:2p", 0, new Learning());
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void stop() {
        System.setIn(stdin);
        lobby.close();
        System.clearProperty("plyyard.credentials.dir");
    }

    private Run run(String typed, String... args) {
        System.setIn(new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)));
        try {
            String[] all = java.util.Arrays.copyOf(args, args.length + 5);
            System.arraycopy(new String[] {"--target", lobby.target(), "--name", "ann", "--ascii"}, 0, all, args.length, 5);
            return Run.of(all);
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void learnAnswersHelpMovesBoardAndLegendItselfAndJudgesOnlyMoves() {
        Run r = run("help\nmoves\nboard\nlegend\nc2-c3\nc2r1\n", "learn", "ploy-first");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("c2-c3", "c2r1"), judged, "only the moves were judged");
        String text = String.join("\n", r.out());
        assertTrue(text.contains("a move in the game's notation, or: moves, board, legend, skip, quit"), text);
        assertTrue(text.contains("139 legal moves, by the point they start from:"), text);
        assertTrue(text.contains("wrong: Not that."), text);
        assertTrue(text.contains("right: Right."), text);
        assertEquals(2, text.split("legend: g Green, r Red", -1).length - 1, "under the part's board, and once asked for");
        assertEquals("done: ploy-first", r.out().get(r.out().size() - 1));
    }

    @Test
    void aPuzzleIsNotFailedByAskingForTheMoves() {
        Run r = run("moves\nhelp\nc2r1\nquit\n", "puzzle", "--game", "ploy");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("c2r1"), judged, "'moves' and 'help' are no answers, so they fail no attempt");
        String text = String.join("\n", r.out());
        assertTrue(text.contains("139 legal moves, by the point they start from:"), text);
        assertTrue(text.contains("a move in the game's notation, or: moves, board, legend, quit"), text);
        assertTrue(text.contains("answer attempt=a1 step=1 move=c2r1 correct=true"), text);
    }
}
