package com.plyyard.lobby.learn;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.lobby.support.InProcessRules;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.StoredText;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.NextPuzzleRequest;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleAttempt;
import com.plyyard.proto.v1.PuzzleHistoryRequest;
import com.plyyard.proto.v1.PuzzleHistoryResponse;
import com.plyyard.proto.v1.PuzzleResult;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Puzzles over a real channel to the lobby (rules in-process, PostgreSQL real): the shipped sets loaded, a puzzle near
 * the player's rating solved move by move and both ratings moved, a wrong move ending an attempt, a retried answer
 * counted once, the daily puzzle, the history, and every refusal with its status, its sentence and no row written.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class PuzzleServiceTest extends LobbyTestBase {
    @Inject
    InProcessRules rules;

    @Inject
    ManualClock clock;

    @Inject
    PuzzleSets sets;

    private LearnServiceGrpc.LearnServiceBlockingStub learn(TestPlayer p) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + p.token());
        return LearnServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    private static NextPuzzleRequest game(String game) {
        return NextPuzzleRequest.newBuilder().setGame(game).build();
    }

    private static AnswerPuzzleRequest answer(PuzzleAttempt a, int step, String move) {
        return AnswerPuzzleRequest.newBuilder().setAttemptId(a.getAttemptId()).setStep(step).setMove(move).build();
    }

    /** Every puzzle row of a player: attempts, answers, ratings; and the puzzles they touched. */
    private String rows(TestPlayer p) {
        StringBuilder sb = new StringBuilder();
        UUID id = UUID.fromString(p.player().getId());
        sb.append(StoredText.text(dataSource, "SELECT coalesce(string_agg(a::text, ' | ' ORDER BY a.id), '') FROM"
            + " puzzle_attempts a WHERE player_id = ?", id));
        sb.append(StoredText.text(dataSource, "SELECT coalesce(string_agg(w.attempt_id || ':' || w.step || ':' || w.move"
            + " || ':' || md5(w.answer), ' | ' ORDER BY w.attempt_id, w.step), '') FROM puzzle_answers w JOIN"
            + " puzzle_attempts a ON a.id = w.attempt_id WHERE a.player_id = ?", id));
        sb.append(StoredText.text(dataSource, "SELECT coalesce(string_agg(r::text, ' | ' ORDER BY r.game), '') FROM"
            + " puzzle_ratings r WHERE player_id = ?", id));
        sb.append(StoredText.text(dataSource, "SELECT coalesce(string_agg(q.id || ':' || q.rating || ':' || q.plays, ' | '"
            + " ORDER BY q.id), '') FROM puzzles q WHERE plays > 0"));
        return sb.toString();
    }

    @Test
    void theShippedSetsAreLoadedOnceAndReloadedWhenTheyChange() {
        sets.ensureLoaded();
        int piracy = Puzzles.of("piracy").size();
        assertEquals(piracy, count("SELECT count(*) FROM puzzles WHERE game = 'piracy' AND NOT retired"));
        assertEquals(piracy, count("SELECT puzzles FROM puzzle_sets WHERE game = 'piracy'"));
        Puzzle first = Puzzles.of("piracy").get(0);
        assertEquals(String.join(" ", first.line()), StoredText.text(dataSource, "SELECT line FROM puzzles WHERE id = ?",
            first.id()));
        assertEquals(first.rating(), count("SELECT round(rating) FROM puzzles WHERE id = ?", first.id()));
        // a set that changed (another digest): loaded again, known puzzles keep their ratings, dropped ones retire
        StoredText.execute(dataSource, "UPDATE puzzles SET rating = 1234 WHERE id = ?", first.id());
        StoredText.execute(dataSource, "INSERT INTO puzzles (id, game, variant, options, position, line, goal, themes,"
            + " seed_rating, source, rating, rd, volatility) SELECT 'piracy-dropped', game, variant, options, position, line,"
            + " goal, themes, seed_rating, source, rating, rd, volatility FROM puzzles WHERE id = ?", first.id());
        StoredText.execute(dataSource, "UPDATE puzzle_sets SET digest = 'an older release' WHERE game = 'piracy'");
        sets.loadAll();
        assertEquals(1234, count("SELECT round(rating) FROM puzzles WHERE id = ?", first.id()));
        assertEquals(1, count("SELECT count(*) FROM puzzles WHERE id = 'piracy-dropped' AND retired"));
        assertEquals(piracy, count("SELECT count(*) FROM puzzles WHERE game = 'piracy' AND NOT retired"));
        StoredText.execute(dataSource, "UPDATE puzzles SET rating = seed_rating WHERE id = ?", first.id());
    }

    @Test
    void aPuzzleNearTheRatingIsSolvedMoveByMove() {
        TestPlayer p = register("puzzle-solver");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(p);
        PuzzleAttempt a = learn.nextPuzzle(game("piracy"));
        assertEquals(a.getAttemptId(), learn.nextPuzzle(game("piracy")).getAttemptId(), "the open attempt again");
        assertEquals(PuzzleResult.PUZZLE_RESULT_OPEN, a.getResult());
        assertEquals(1500, a.getRating().getRating());
        assertTrue(a.getRating().getProvisional());
        assertTrue(a.getSolutionList().isEmpty() && a.getThemesList().isEmpty(), "nothing told before the end");
        Puzzle puzzle = Puzzles.get(a.getPuzzleId()).orElseThrow();
        assertEquals(puzzle.position(), a.getState().getPosition());
        assertEquals(puzzle.solverMoves(), a.getSteps());
        int near = Math.abs(a.getPuzzleRating() - 1500);
        long nearer = Puzzles.of("piracy").stream().filter(q -> Math.abs(q.rating() - 1500) < near).count();
        assertTrue(nearer < PuzzleTrainer.NEAREST, "one of the " + PuzzleTrainer.NEAREST + " nearest to 1500: " + near);
        PuzzleAnswer last = null;
        for (int step = 0; step < puzzle.solverMoves(); step++) {
            last = learn.answerPuzzle(answer(a, step, puzzle.line().get(2 * step)));
            assertTrue(last.getCorrect(), last.getSentence());
            assertEquals(step + 1, last.getAttempt().getStep());
            if (step < puzzle.solverMoves() - 1) {
                assertEquals(puzzle.line().get(2 * step + 1), last.getReply());
                assertEquals(PuzzleResult.PUZZLE_RESULT_OPEN, last.getAttempt().getResult());
                assertEquals(0, last.getRatingChange());
            }
        }
        assertEquals(PuzzleResult.PUZZLE_RESULT_SOLVED, last.getAttempt().getResult());
        assertTrue(last.getRatingChange() > 0, "solving raises the player: " + last.getRatingChange());
        assertTrue(last.getPuzzleRatingChange() < 0, "and lowers the puzzle: " + last.getPuzzleRatingChange());
        assertEquals(1500 + last.getRatingChange(), last.getAttempt().getRating().getRating(), 1);
        assertEquals(puzzle.line(), last.getAttempt().getSolutionList());
        assertEquals(1, last.getAttempt().getRating().getSolved());
        assertEquals(1, count("SELECT plays FROM puzzles WHERE id = ?", puzzle.id()));
        clock.advance(java.time.Duration.ofSeconds(30));
        PuzzleAttempt next = learn.nextPuzzle(game("piracy"));
        assertNotEquals(a.getPuzzleId(), next.getPuzzleId(), "a puzzle is met once");
        PuzzleHistoryResponse history = learn.puzzleHistory(PuzzleHistoryRequest.newBuilder().setGame("piracy").build());
        assertEquals(2, history.getAttemptsCount());
        assertEquals(a.getAttemptId(), history.getAttempts(1).getAttemptId());
        assertEquals(PuzzleResult.PUZZLE_RESULT_SOLVED, history.getAttempts(1).getResult());
        assertEquals(last.getRatingChange(), history.getAttempts(1).getRatingChange());
        assertEquals(PuzzleResult.PUZZLE_RESULT_OPEN, history.getAttempts(0).getResult());
        assertEquals(1, history.getRatingsCount());
        assertEquals(last.getAttempt().getRating(), history.getRatings(0));
    }

    @Test
    void aWrongMoveEndsTheAttemptAndARetriedAnswerCountsOnce() {
        TestPlayer p = register("puzzle-wrong");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(p);
        PuzzleAttempt a = learn.nextPuzzle(game("piracy"));
        Puzzle puzzle = Puzzles.get(a.getPuzzleId()).orElseThrow();
        String wrong = puzzle.start().legalMoves().stream().map(LegalMove::notation)
            .filter(m -> !m.equals(puzzle.line().get(0))).findFirst().orElseThrow();
        PuzzleAnswer failed = learn.answerPuzzle(answer(a, 0, wrong));
        assertFalse(failed.getCorrect());
        assertTrue(failed.getSentence().startsWith(wrong + " is legal, but "), failed.getSentence());
        assertEquals(PuzzleResult.PUZZLE_RESULT_FAILED, failed.getAttempt().getResult());
        assertTrue(failed.getRatingChange() < 0 && failed.getPuzzleRatingChange() > 0);
        assertEquals(puzzle.line(), failed.getAttempt().getSolutionList(), "the solution shown");
        assertEquals(puzzle.position(), failed.getAttempt().getState().getPosition());
        // the solution as positions a board can play through: the start, then after each move of the line
        java.util.List<com.plyyard.proto.v1.GameState> line = failed.getAttempt().getSolutionStatesList();
        assertEquals(puzzle.line().size() + 1, line.size());
        assertEquals(puzzle.position(), line.get(0).getPosition());
        for (int i = 0; i < puzzle.line().size(); i++) {
            assertEquals(rules.applyMove(line.get(i), puzzle.line().get(i)).getState().getPosition(),
                line.get(i + 1).getPosition(), "after " + puzzle.line().get(i));
        }
        // and where the wrong move led: its position and the engine's reply (the scripted engine answers at once)
        com.plyyard.proto.v1.PuzzleRefutation refuted = failed.getRefutation();
        assertEquals(wrong, refuted.getMove());
        com.plyyard.proto.v1.GameState afterWrong = rules.applyMove(line.get(0), wrong).getState();
        assertEquals(afterWrong.getPosition(), refuted.getAfterMove().getPosition());
        if (afterWrong.getStatus() == com.plyyard.proto.v1.GameStatus.ONGOING) {
            assertFalse(refuted.getReply().isEmpty(), "a reply to a move that did not end the game");
            assertEquals(rules.applyMove(afterWrong, refuted.getReply()).getState().getPosition(),
                refuted.getAfterReply().getPosition());
        }
        String before = rows(p);
        PuzzleAnswer again = learn.answerPuzzle(answer(a, 0, wrong));
        assertTrue(again.getRepeated());
        assertEquals(failed, again.toBuilder().setRepeated(false).build(), "the same answer");
        assertEquals(before, rows(p), "counted once");
        assertEquals("Step 1 of this attempt was answered already, with " + wrong + "; an answer cannot be taken back.",
            assertStatus(Status.Code.FAILED_PRECONDITION, () -> learn.answerPuzzle(answer(a, 0, puzzle.line().get(0)))));
        assertEquals("This attempt is over (failed); NextPuzzle gives another puzzle.",
            assertStatus(Status.Code.FAILED_PRECONDITION, () -> learn.answerPuzzle(answer(a, 1, puzzle.line().get(0)))));
        assertEquals(before, rows(p));
        // a right answer retried: the same answer, the step counted once
        PuzzleAttempt b = learn.nextPuzzle(game("piracy"));
        Puzzle second = Puzzles.get(b.getPuzzleId()).orElseThrow();
        PuzzleAnswer right = learn.answerPuzzle(answer(b, 0, second.line().get(0)));
        String counted = rows(p);
        assertEquals(right, learn.answerPuzzle(answer(b, 0, second.line().get(0))).toBuilder().setRepeated(false).build());
        assertEquals(counted, rows(p));
    }

    @Test
    void theDailyPuzzleIsTheSameForEveryone() {
        TestPlayer p = register("daily-one");
        TestPlayer q = register("daily-two");
        PuzzleAttempt mine = learn(p).dailyPuzzle(game("piracy"));
        PuzzleAttempt theirs = learn(q).dailyPuzzle(game("piracy"));
        assertEquals(mine.getPuzzleId(), theirs.getPuzzleId());
        assertNotEquals(mine.getAttemptId(), theirs.getAttemptId());
        assertTrue(mine.getDaily());
        assertEquals(LocalDate.ofInstant(clock.now(), ZoneOffset.UTC).toString(), mine.getDay());
        assertEquals(mine.getAttemptId(), learn(p).dailyPuzzle(game("piracy")).getAttemptId(), "opened once");
        int rating = Puzzles.get(mine.getPuzzleId()).orElseThrow().rating();
        assertTrue(rating >= 1400 && rating <= 2200, "a fair puzzle: " + rating);
    }

    @Test
    void refusalsChangeNothing() {
        TestPlayer p = register("puzzle-refused");
        TestPlayer other = register("puzzle-other");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(p);
        PuzzleAttempt a = learn.nextPuzzle(game("piracy"));
        Puzzle puzzle = Puzzles.get(a.getPuzzleId()).orElseThrow();
        String before = rows(p);
        String illegal;
        try {
            puzzle.start().parseMove("Q");
            throw new AssertionError("Q is no Piracy move");
        } catch (RuntimeException e) {
            illegal = e.getMessage();
        }
        assertEquals(illegal, assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.answerPuzzle(answer(a, 0, "Q"))));
        assertEquals("No move to judge: send the move you play.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.answerPuzzle(answer(a, 0, " "))));
        assertEquals("This attempt is at step 1 (step 0 counted from 0), not 2: answer that step.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.answerPuzzle(answer(a, 2, puzzle.line().get(0)))));
        assertEquals("You have no puzzle attempt '" + a.getAttemptId() + "'.", assertStatus(Status.Code.NOT_FOUND,
            () -> learn(other).answerPuzzle(answer(a, 0, puzzle.line().get(0)))));
        String unknown = UUID.randomUUID().toString();
        assertEquals("You have no puzzle attempt '" + unknown + "'.", assertStatus(Status.Code.NOT_FOUND,
            () -> learn.answerPuzzle(AnswerPuzzleRequest.newBuilder().setAttemptId(unknown).setMove("R").build())));
        assertEquals("'nope' is not a puzzle attempt id (a UUID).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> learn.answerPuzzle(AnswerPuzzleRequest.newBuilder().setAttemptId("nope").setMove("R").build())));
        assertEquals("There is no game 'chess'; the games are draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.nextPuzzle(game("chess"))));
        assertEquals("Say which game's puzzles: draughts, ploy, piracy.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.nextPuzzle(game(""))));
        assertEquals("There are no puzzles of a variant 'piracy:nope'; the piracy puzzles are of piracy:classic.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.nextPuzzle(NextPuzzleRequest.newBuilder()
                .setGame("piracy").setVariant("piracy:nope").build())));
        assertEquals("The daily puzzle is one per game: leave the variant out.",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> learn.dailyPuzzle(NextPuzzleRequest.newBuilder()
                .setGame("piracy").setVariant("piracy:classic").build())));
        assertEquals("A history holds at most 200 attempts, not 201.", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> learn.puzzleHistory(PuzzleHistoryRequest.newBuilder().setLimit(201).build())));
        assertEquals("A history holds at most 200 attempts, not 2699808608.", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> learn.puzzleHistory(PuzzleHistoryRequest.newBuilder().setLimit((int) 2699808608L).build())));
        assertEquals("This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.",
            assertStatus(Status.Code.UNAUTHENTICATED, () -> LearnServiceGrpc.newBlockingStub(channel)
                .answerPuzzle(answer(a, 0, puzzle.line().get(0)))));
        rules.goDown();
        try {
            assertEquals("rules-service is not reachable right now; nothing was changed, try again in a moment.",
                assertStatus(Status.Code.UNAVAILABLE, () -> learn.answerPuzzle(answer(a, 0, puzzle.line().get(0)))));
        } finally {
            rules.comeBack();
        }
        assertEquals(before, rows(p), "no refused call wrote a row");
    }
}
