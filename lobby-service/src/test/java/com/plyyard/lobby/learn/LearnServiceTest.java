package com.plyyard.lobby.learn;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.InProcessRules;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.StoredText;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.ExerciseProgress;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.Lesson;
import com.plyyard.proto.v1.ListLessonsRequest;
import com.plyyard.proto.v1.ListLessonsResponse;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LearnService over a real channel to the lobby (rules in-process, PostgreSQL real): lessons with the caller's progress,
 * answers right and wrong counted, every refusal with its status and sentence and no row written.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class LearnServiceTest extends LobbyTestBase {
    @Inject
    InProcessRules rules;

    private LearnServiceGrpc.LearnServiceBlockingStub learn(TestPlayer p) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + p.token());
        return LearnServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    private static JudgeAnswerRequest answer(String id, int part, String... moves) {
        return JudgeAnswerRequest.newBuilder().setExerciseId(id).setPart(part).addAllMoves(List.of(moves)).build();
    }

    private static ExerciseProgress progress(ListLessonsResponse lessons, String id) {
        return lessons.getLessonsList().stream().flatMap(l -> l.getExercisesList().stream())
            .filter(e -> e.getExercise().getId().equals(id)).findFirst().orElseThrow();
    }

    private String rows(TestPlayer p) {
        return StoredText.text(dataSource, "SELECT coalesce(string_agg(exercise_id || ' ' || part || ' ' || attempts || ' ' || wrong || ' '"
            + " || (solved_at IS NOT NULL), ', ' ORDER BY exercise_id, part), '') FROM exercise_progress"
            + " WHERE player_id = ?::uuid", p.player().getId());
    }

    @Test
    void lessonsInTheirOrderWithNothingSolvedYet() {
        TestPlayer p = register("learn-new");
        ListLessonsResponse draughts = learn(p).listLessons(ListLessonsRequest.newBuilder().setGame("draughts").build());
        assertEquals(18, draughts.getExercises());
        assertEquals(0, draughts.getSolved());
        List<String> titles = draughts.getLessonsList().stream().map(Lesson::getTitle).toList();
        assertEquals("The board and the first move", titles.get(0));
        assertTrue(titles.contains("Ply Yard and FMJD side by side"), titles.toString());
        ExerciseProgress priority = progress(draughts, "draughts-king-priority");
        assertEquals(List.of(false, false), priority.getPartsSolvedList());
        assertEquals(2, priority.getExercise().getPartsCount());
        assertTrue(priority.getExercise().getParts(0).getStart().hasDraughts(), "each part carries its board");
        assertEquals(12, learn(p).listLessons(ListLessonsRequest.newBuilder().setGame("piracy").build()).getExercises());
    }

    @Test
    void answersAreJudgedAndCounted() {
        TestPlayer p = register("learn-answers");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(p);
        Judgement wrong = learn.answerExercise(answer("draughts-king-priority", 1, "47x12"));
        assertFalse(wrong.getCorrect());
        assertEquals("47x12 is not legal: capturing is compulsory and the longest capture takes 2 pieces; on equal count the"
            + " capture taking more kings is compulsory here, and these take 1 king (47x2, 47x8).", wrong.getSentence());
        Judgement right = learn.answerExercise(answer("draughts-king-priority", 1, "47x8"));
        assertTrue(right.getCorrect());
        assertTrue(right.getSolved());
        assertEquals("draughts-king-priority 1 2 1 true", rows(p));

        ListLessonsResponse after = learn.listLessons(ListLessonsRequest.newBuilder().setGame("draughts").build());
        ExerciseProgress priority = progress(after, "draughts-king-priority");
        assertEquals(List.of(false, true), priority.getPartsSolvedList());
        assertFalse(priority.getSolved(), "one part of two");
        assertEquals(2, priority.getAttempts());
        assertEquals(1, priority.getWrong());
        assertEquals(0, after.getSolved());

        assertTrue(learn.answerExercise(answer("draughts-king-priority", 0, "47x1")).getSolved());
        learn.answerExercise(answer("draughts-king-priority", 0, "49-43")); // wrong after solving: counted, still solved
        ListLessonsResponse done = learn.listLessons(ListLessonsRequest.newBuilder().setGame("draughts").build());
        assertTrue(progress(done, "draughts-king-priority").getSolved());
        assertEquals(1, done.getSolved());
        assertEquals("draughts-king-priority 0 2 1 true, draughts-king-priority 1 2 1 true", rows(p));
        assertEquals("", rows(register("learn-other")), "progress is per player");
    }

    @Test
    void aPartOfSeveralStepsIsAnsweredMoveByMove() {
        TestPlayer p = register("learn-steps");
        Judgement first = learn(p).answerExercise(answer("draughts-forced-line", 0, "12x1"));
        assertTrue(first.getCorrect());
        assertFalse(first.getSolved());
        assertEquals("16x18", first.getReply());
        assertEquals(1, first.getStep());
        Judgement second = learn(p).answerExercise(answer("draughts-forced-line", 0, "12x1", "1x36"));
        assertTrue(second.getSolved());
        assertEquals("draughts-forced-line 0 2 0 true", rows(p));
    }

    @Test
    void refusalsChangeNothing() {
        TestPlayer p = register("learn-refused");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(p);
        assertEquals("There is no exercise 'nope'; ListLessons lists them.",
            assertStatus(Status.Code.NOT_FOUND, () -> learn.answerExercise(answer("nope", 0, "32-28"))));
        assertEquals("Exercise draughts-promote has 1 part; there is no part 3.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.answerExercise(answer("draughts-promote", 2, "7-1"))));
        assertEquals("No move to judge: send the move you play.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.answerExercise(answer("draughts-promote", 0))));
        assertEquals("Your move 1, '33-28', was not a correct answer; send only the moves judged correct, then the new one.",
            assertStatus(Status.Code.INVALID_ARGUMENT,
                () -> learn.answerExercise(answer("draughts-forced-line", 0, "33-28", "1x36"))));
        assertEquals("Say which game's lessons: draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.listLessons(ListLessonsRequest.getDefaultInstance())));
        assertEquals("There are no lessons for a game 'chess'; there are lessons for draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT,
                () -> learn.listLessons(ListLessonsRequest.newBuilder().setGame("chess").build())));
        assertEquals("This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.",
            assertStatus(Status.Code.UNAUTHENTICATED, () -> LearnServiceGrpc.newBlockingStub(channel)
                .answerExercise(answer("draughts-promote", 0, "7-1"))));
        rules.goDown();
        try {
            assertEquals("rules-service is not reachable right now; nothing was changed, try again in a moment.",
                assertStatus(Status.Code.UNAVAILABLE, () -> learn.answerExercise(answer("draughts-promote", 0, "7-1"))));
        } finally {
            rules.comeBack();
        }
        assertEquals("", rows(p), "no refused answer was counted");
    }
}
