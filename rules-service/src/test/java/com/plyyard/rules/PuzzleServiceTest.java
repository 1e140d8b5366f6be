package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.mapping.PuzzleOperations;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.ListPuzzlesRequest;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.PuzzleData;
import com.plyyard.proto.v1.PuzzleJudgement;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ExerciseService's puzzles over a real gRPC channel: the sets page by page, a move judged, and every refusal. */
@QuarkusTest
class PuzzleServiceTest {
    @GrpcClient("rules")
    ExerciseServiceGrpc.ExerciseServiceBlockingStub exercises;

    private ListPuzzlesResponse page(String game, int offset, int limit) {
        return exercises.listPuzzles(ListPuzzlesRequest.newBuilder().setGame(game).setOffset(offset).setLimit(limit).build());
    }

    @Test
    void theShippedSetsPageByPageWithOneDigest() {
        ListPuzzlesResponse first = page("piracy", 0, 0);
        List<Puzzle> shipped = Puzzles.of("piracy");
        assertEquals(shipped.size(), first.getTotal());
        assertEquals(Math.min(500, shipped.size()), first.getPuzzlesCount(), "0 asks for the default page of 500");
        assertEquals(64, first.getDigest().length());
        assertTrue(first.getMadeBy().startsWith("plyyard puzzles generate --variant piracy:classic"), first.getMadeBy());
        List<PuzzleData> all = new ArrayList<>(first.getPuzzlesList());
        while (all.size() < first.getTotal()) {
            ListPuzzlesResponse next = page("piracy", all.size(), 333);
            assertEquals(first.getDigest(), next.getDigest());
            all.addAll(next.getPuzzlesList());
        }
        assertEquals(shipped.stream().map(PuzzleOperations::message).toList(), all);
        assertEquals(0, page("piracy", shipped.size(), 10).getPuzzlesCount(), "the end is an empty page");
    }

    @Test
    void aMoveIsJudgedAgainstThePuzzleSent() {
        Puzzle p = Puzzles.of("piracy").get(0);
        PuzzleData data = PuzzleOperations.message(p);
        PuzzleJudgement start = exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(data).build());
        assertEquals(p.position(), start.getState().getPosition());
        assertEquals(0, start.getStep());
        PuzzleJudgement right = exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(data)
            .addMoves(p.line().get(0)).build());
        assertTrue(right.getCorrect() && right.getLegal());
        assertEquals(1, right.getStep());
        assertEquals(p.line().get(0), right.getExpected());
        String other = p.start().legalMoves().stream().map(m -> m.notation()).filter(m -> !m.equals(p.line().get(0)))
            .findFirst().orElseThrow();
        PuzzleJudgement wrong = exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder().setPuzzle(data)
            .addMoves(other).build());
        assertFalse(wrong.getCorrect());
        assertTrue(wrong.getLegal());
        assertEquals(p.position(), wrong.getState().getPosition());
    }

    @Test
    void refusesWhatDoesNotFit() {
        assertEquals("There is no game 'chess'; the games are draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> page("chess", 0, 0)));
        assertEquals("Say which game's puzzles: draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> page("", 0, 0)));
        assertEquals("A page holds at most 1000 puzzles, not 1001.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> page("piracy", 0, 1001)));
        assertEquals("A page holds at most 1000 puzzles, not 4294967295.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> page("piracy", 4, -1)));
        int total = Puzzles.of("piracy").size();
        assertEquals("The piracy set has " + total + " puzzles; offset " + (total + 1) + " is beyond its end.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> page("piracy", total + 1, 10)));
        PuzzleData data = PuzzleOperations.message(Puzzles.of("piracy").get(0));
        assertEquals("A puzzle's line ends with a move of the solver: it has an odd number of moves, not 2.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder()
                .setPuzzle(data.toBuilder().addLine("R")).build())));
        assertEquals("Unknown puzzle goal 'lose'; the goals are win, draw and advantage.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder()
                .setPuzzle(data.toBuilder().setGoal("lose")).build())));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder()
            .setPuzzle(data.toBuilder().setVariant("piracy:nope")).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> exercises.judgePuzzleMove(JudgePuzzleMoveRequest.newBuilder()
            .setPuzzle(data.toBuilder().setPosition("8 d5 nonsense")).build()));
    }
}
