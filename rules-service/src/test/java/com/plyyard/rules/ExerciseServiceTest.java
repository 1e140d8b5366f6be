package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.Exercise;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.ListExercisesRequest;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ExerciseService over a real gRPC channel: the list, a judged answer right and wrong, and every refusal. */
@QuarkusTest
class ExerciseServiceTest {
    @GrpcClient("rules")
    ExerciseServiceGrpc.ExerciseServiceBlockingStub exercises;

    @Test
    void listsEveryGamesExercisesWithTheirStartingBoards() {
        List<Exercise> all = exercises.listExercises(ListExercisesRequest.getDefaultInstance()).getExercisesList();
        assertTrue(all.size() >= 40, "exercises: " + all.size());
        List<Exercise> draughts = exercises.listExercises(ListExercisesRequest.newBuilder().setGame("draughts").build())
            .getExercisesList();
        assertTrue(draughts.stream().allMatch(e -> e.getGame().equals("draughts")));
        Exercise priority = draughts.stream().filter(e -> e.getId().equals("draughts-king-priority")).findFirst()
            .orElseThrow();
        assertEquals(2, priority.getPartsCount());
        assertEquals("draughts:fmjd", priority.getParts(0).getStart().getVariant().getId());
        assertEquals("draughts:plyyard", priority.getParts(1).getStart().getVariant().getId());
        assertTrue(priority.getParts(1).getStart().hasDraughts(), "a board to draw");
        assertEquals(1, priority.getParts(1).getSteps());
    }

    @Test
    void judgesAnAnswerByTheRules() {
        Judgement right = exercises.judgeAnswer(answer("draughts-king-priority", 1, "47x8"));
        assertTrue(right.getCorrect());
        assertTrue(right.getSolved());
        assertEquals(1, right.getStep());
        assertEquals("draughts:plyyard", right.getState().getVariant().getId());
        Judgement wrong = exercises.judgeAnswer(answer("draughts-king-priority", 1, "47x12"));
        assertFalse(wrong.getCorrect());
        assertEquals(0, wrong.getStep());
        assertFalse(wrong.getSentence().isBlank());
        assertEquals("B:WK13,18,32,33,41,43,44,46,49,50:B30,35,K47", wrong.getState().getPosition());
        // the same move is right under fmjd, which has no king priority
        assertTrue(exercises.judgeAnswer(answer("draughts-king-priority", 0, "47x12")).getCorrect());
    }

    @Test
    void refusesWhatDoesNotFit() {
        assertEquals("There is no exercise 'nope'; ListExercises lists them.",
            assertStatus(Status.Code.NOT_FOUND, () -> exercises.judgeAnswer(answer("nope", 0, "1-6"))));
        assertEquals("Exercise draughts-promote has 1 part; there is no part 4.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> exercises.judgeAnswer(answer("draughts-promote", 3, "7-1"))));
        assertEquals("No move to judge: send the move you play.", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> exercises.judgeAnswer(JudgeAnswerRequest.newBuilder().setExerciseId("draughts-promote").build())));
        String game = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> exercises.listExercises(ListExercisesRequest.newBuilder().setGame("chess").build()));
        assertEquals("There are no exercises for a game 'chess'; the games are draughts, ploy, piracy.", game);
    }

    private static JudgeAnswerRequest answer(String id, int part, String... moves) {
        return JudgeAnswerRequest.newBuilder().setExerciseId(id).setPart(part).addAllMoves(List.of(moves)).build();
    }
}
