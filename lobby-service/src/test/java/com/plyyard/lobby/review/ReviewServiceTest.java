package com.plyyard.lobby.review;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ScriptedEngine;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.StoredText;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.ReviewMatchRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewRecordRequest;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewedMove;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Game reviews over a real channel to the lobby (PostgreSQL real; the AI in-process, reviewing with the engine's own
 * reviewer): a finished match reviewed once and stored, its progress streamed while it runs, a record reviewed by its
 * digest, a review whose instance stopped started again, and every refusal with its status, its sentence and no row.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class ReviewServiceTest extends LobbyTestBase {
    @Inject
    ScriptedEngine engine;

    @Inject
    ManualClock clock;

    @AfterEach
    void resetEngine() {
        engine.reset();
    }

    private LearnServiceGrpc.LearnServiceBlockingStub learn(TestPlayer p) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + p.token());
        return LearnServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    /** A draughts match of {@code plies} moves (the first legal move each time) that then ends by resignation. */
    private Match finished(int plies, TestPlayer a, TestPlayer b) {
        Match m = started("draughts:plyyard", clock(600, 0), a, b);
        for (int i = 0; i < plies; i++) {
            List<Move> legal = legalMoves(m.getState());
            TestPlayer mover = mover(m) == 0 ? a : b;
            m = mover.move(m, legal.get(0).getNotation());
        }
        m = a.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        return m;
    }

    private static List<ReviewProgress> all(Iterator<ReviewProgress> stream) {
        List<ReviewProgress> out = new ArrayList<>();
        stream.forEachRemaining(out::add);
        return out;
    }

    private static ReviewMatchRequest match(String id) {
        return ReviewMatchRequest.newBuilder().setMatchId(id).build();
    }

    /** The review's shape: the start, the moves in order, the summary; the moves as the match played them. */
    private static void checkShape(List<ReviewProgress> items, List<String> moves) {
        assertEquals(moves.size() + 2, items.size(), "start, one per move, summary: " + items.size());
        ReviewStart start = items.get(0).getStart();
        assertEquals(moves, start.getMovesList());
        for (int i = 0; i < moves.size(); i++) {
            ReviewedMove m = items.get(i + 1).getMove();
            assertEquals(i, m.getPly());
            assertEquals(moves.get(i), m.getMove());
        }
        assertEquals(moves.size(), items.get(items.size() - 1).getSummary().getReviewed());
    }

    private String reviewRows(String id) {
        return StoredText.text(dataSource, "SELECT coalesce(string_agg(r.id || ':' || r.status || ':' || md5(r.start)"
            + " || ':' || coalesce(md5(r.summary), '-'), ' | ' ORDER BY r.id), '') FROM reviews r WHERE id = ?", id)
            + StoredText.text(dataSource, "SELECT coalesce(string_agg(ply || ':' || md5(move), ' ' ORDER BY ply), '') FROM"
            + " review_moves WHERE review_id = ?", id);
    }

    @Test
    void aFinishedMatchIsReviewedOnceAndStoredForEveryoneAfter() {
        TestPlayer a = register("review-a");
        TestPlayer b = register("review-b");
        Match m = finished(6, a, b);
        List<String> moves = m.getMovesList().stream().map(mm -> mm.getMove().getNotation()).toList();
        List<ReviewProgress> first = all(learn(a).reviewMatch(match(m.getId())));
        checkShape(first, moves);
        assertEquals(m.getId(), first.get(0).getStart().getReviewId());
        assertEquals(m.getId(), first.get(0).getStart().getMatchId());
        assertEquals(1, engine.reviews());
        assertEquals(1, count("SELECT count(*) FROM reviews WHERE id = ? AND status = 'done'", m.getId()));
        assertEquals(6, count("SELECT count(*) FROM review_moves WHERE review_id = ?", m.getId()));
        // anyone may read it afterwards: from the store, the same items, nothing computed again
        TestPlayer c = register("review-c");
        assertEquals(first, all(learn(c).reviewMatch(match(m.getId()))));
        assertEquals(1, engine.reviews());
    }

    @Test
    void aLongReviewShowsItsProgressToEveryCallerWhileItRuns() {
        TestPlayer a = register("review-slow-a");
        TestPlayer b = register("review-slow-b");
        Match m = finished(8, a, b);
        engine.pace(150);
        Iterator<ReviewProgress> stream = learn(a).reviewMatch(match(m.getId()));
        assertTrue(stream.next().hasStart());
        ReviewProgress firstMove = stream.next();
        assertEquals(0, firstMove.getMove().getPly());
        // the first move arrived while the review was still running: progress, not one answer at the end
        assertEquals(1, count("SELECT count(*) FROM reviews WHERE id = ? AND status = 'running'", m.getId()));
        // a second caller joins the same run
        List<ReviewProgress> second = all(learn(b).reviewMatch(match(m.getId())));
        List<ReviewProgress> rest = all(stream);
        assertEquals(8 + 2, second.size());
        assertEquals(8, rest.size(), "the other seven moves and the summary");
        assertEquals(1, engine.reviews(), "computed once");
        assertEquals(second.subList(1, second.size()), java.util.stream.Stream.concat(java.util.stream.Stream.of(firstMove),
            rest.stream()).toList());
    }

    @Test
    void aRecordIsReviewedAndStoredByTheDigestOfItsText() {
        TestPlayer a = register("review-record");
        var rules = Variants.get("ploy:3m:2p");
        List<String> moves = new ArrayList<>();
        Position p = rules.start();
        for (int i = 0; i < 5; i++) {
            var legal = p.legalMoves();
            var move = legal.get(i * 7 % legal.size());
            moves.add(move.notation());
            p = p.play(move);
        }
        String record = rules.module().record(rules.start(), moves, Map.of("Event", "club night")).write();
        ReviewRecordRequest request = ReviewRecordRequest.newBuilder().setGame("ploy").setRecord(record).build();
        List<ReviewProgress> first = all(learn(a).reviewRecord(request));
        checkShape(first, moves);
        String id = first.get(0).getStart().getReviewId();
        assertTrue(id.matches("record-[0-9a-f]{64}"), id);
        assertEquals("", first.get(0).getStart().getMatchId());
        assertEquals(first, all(learn(register("review-record-2")).reviewRecord(request)));
        assertEquals(1, engine.reviews(), "the same record: the stored review");
    }

    @Test
    void aReviewWhoseInstanceStoppedOrThatFailedIsStartedAgain() {
        TestPlayer a = register("review-again-a");
        TestPlayer b = register("review-again-b");
        Match m = finished(4, a, b);
        List<ReviewProgress> done = all(learn(a).reviewMatch(match(m.getId())));
        // as if its instance had stopped half-way: running, two moves stored, the lease run out
        StoredText.execute(dataSource, "UPDATE reviews SET status = 'running', summary = NULL, finished_at = NULL,"
            + " lease_until = '2000-01-01' WHERE id = ?", m.getId());
        StoredText.execute(dataSource, "DELETE FROM review_moves WHERE review_id = ? AND ply >= 2", m.getId());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(done, all(learn(b).reviewMatch(match(m.getId()))));
        assertEquals(2, engine.reviews());
        StoredText.execute(dataSource, "UPDATE reviews SET status = 'failed', summary = NULL, error = 'test' WHERE id = ?",
            m.getId());
        assertEquals(done, all(learn(b).reviewMatch(match(m.getId()))));
        assertEquals(3, engine.reviews());
        assertEquals(1, count("SELECT count(*) FROM reviews WHERE id = ? AND status = 'done'", m.getId()));
    }

    @Test
    void refusalsSayWhyAndStoreNothing() {
        TestPlayer a = register("review-refused-a");
        TestPlayer b = register("review-refused-b");
        LearnServiceGrpc.LearnServiceBlockingStub learn = learn(a);
        String before = StoredText.text(dataSource, "SELECT count(*) || ':' || coalesce(max(id), '') FROM reviews");
        Match playing = started("draughts:plyyard", clock(600, 0), a, b);
        assertTrue(assertStatus(Status.Code.FAILED_PRECONDITION, () -> all(learn.reviewMatch(match(playing.getId()))))
            .contains("still being played"));
        assertStatus(Status.Code.NOT_FOUND, () -> all(learn.reviewMatch(match(UUID.randomUUID().toString()))));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> all(learn.reviewMatch(match("not-a-match"))));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> all(learn.reviewRecord(ReviewRecordRequest.newBuilder()
            .setGame("chess").setRecord("1. e4 *").build())));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> all(learn.reviewRecord(ReviewRecordRequest.newBuilder()
            .setGame("draughts").setRecord(" \n").build())));
        String illegal = assertStatus(Status.Code.INVALID_ARGUMENT, () -> all(learn.reviewRecord(ReviewRecordRequest
            .newBuilder().setGame("draughts").setRecord("[GameType \"20\"]\n\n1. 32-28 19-23 2. 11-12 *\n").build())));
        assertTrue(illegal.startsWith("The game cannot be reviewed: "), illegal);
        Match m = finished(2, a, b);
        engine.goDown("UNAVAILABLE");
        String down = assertStatus(Status.Code.UNAVAILABLE, () -> all(learn.reviewMatch(match(m.getId()))));
        assertTrue(down.contains("ai-service could not review the game"), down);
        engine.comeBack();
        assertEquals(before, StoredText.text(dataSource, "SELECT count(*) || ':' || coalesce(max(id), '') FROM reviews"),
            "no review stored by a refused call");
        assertEquals("", reviewRows(m.getId()));
        TestPlayer nobody = TestPlayer.of(channel, a.player(), "not-a-token");
        assertStatus(Status.Code.UNAUTHENTICATED, () -> all(learn(nobody).reviewMatch(match(m.getId()))));
    }
}
