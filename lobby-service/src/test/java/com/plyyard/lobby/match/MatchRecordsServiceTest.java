package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.GameRecord;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.lobby.review.GameReviews;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ScriptedEngine;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.ReviewProgress;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link MatchRecords} called as a bean, with the rules in-process: a free-for-all in which seats resigned or ran out of
 * time while the game went on has a record that says where they left, and the engine's reader replays it to the stored
 * final position, also when the last leaving ended the match (resignation, and a flag); the match's review then runs
 * on that record.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchRecordsServiceTest {
    private static final String FFA = "ploy:3m:ffa";

    @Inject
    MatchRecords records;

    @Inject
    MatchMoves moves;

    @Inject
    MatchEndings endings;

    @Inject
    FlagCheck flagCheck;

    @Inject
    ManualClock clock;

    @Inject
    GameReviews reviews;

    @Inject
    ScriptedEngine engine;

    private final MatchFixtures fx = new MatchFixtures();

    @AfterEach
    void resetEngine() {
        engine.reset();
    }

    /** The mover plays the first legal move. */
    private Match move(Match m, Player[] players) {
        return moves.submitMove(players[MatchFixtures.mover(m)], m.getId(), fx.legalMoves(m.getId()).get(0), m.getVersion());
    }

    /** The record read back by the engine's own reader, checked to replay to the stored final position. */
    private GameRecord readBack(Match stored, MatchRecord record) {
        GameRecord back = Variants.module("ploy").readRecord(record.getText());
        assertEquals(stored.getMovesList().stream().map(mm -> mm.getMove().getNotation()).toList(), back.moves());
        assertEquals(stored.getState().getPosition(), back.replay().notation(),
            "the record replays to the stored position: " + record.getText());
        return back;
    }

    @Test
    void aFreeForAllWithSeatsThatLeftHasARecordToItsEnd() {
        Player[] p = fx.players("rec-ffa", 4);
        Match m = fx.started(FFA, clock(60, 0), p);
        String id = m.getId();
        m = endings.resign(p[1], id, m.getVersion()); // Red, out of turn, before any move
        m = move(m, p); // Green
        m = move(m, p); // Yellow
        clock.advanceMillis(60_001); // Blue thinks too long
        flagCheck.checkNow();
        m = fx.get(id);
        assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
        assertTrue(m.getState().getSeats(3).getOut(), "Blue's flag fell and the game went on");
        m = move(move(m, p), p); // Green, Yellow

        MatchRecord going = records.record(id);
        String line = going.getText().replace('\n', ' ');
        assertTrue(line.contains("  r:resigns 1. g:"), "Red left before the first move: " + going.getText());
        assertTrue(line.contains(" b:time 2. g:"), "Blue's flag fell after Yellow's move: " + going.getText());
        assertTrue(line.endsWith(" * "), going.getText());
        GameRecord back = readBack(fx.get(id), going);
        assertEquals(List.of(new SeatLeaving(0, 1, com.plyyard.engine.EndReason.RESIGNATION),
            new SeatLeaving(2, 3, com.plyyard.engine.EndReason.TIMEOUT)), back.leavings());

        Match end = endings.resign(p[0], id, m.getVersion()); // Green: Yellow is the last one standing
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.LAST_STANDING, end.getResult().getReason());
        String before = fx.stored(id);
        MatchRecord finished = records.record(id);
        assertEquals(before, fx.stored(id), "writing the record changes nothing stored");
        assertEquals(end.getVersion(), finished.getVersion());
        assertTrue(finished.getText().replace('\n', ' ').endsWith(" g:resigns yellow "), finished.getText());
        assertTrue(finished.getText().contains("[Termination \"Yellow wins: the last player standing.\"]"),
            finished.getText());
        GameRecord all = readBack(end, finished);
        assertEquals(new SeatLeaving(4, 0, com.plyyard.engine.EndReason.RESIGNATION), all.leavings().get(2));
        assertEquals("yellow", all.result());

        // the review runs on that record: every move weighed, in the position it was played in
        List<ReviewProgress> items = review(id);
        assertTrue(items.get(0).hasStart(), "the review starts: " + items);
        assertEquals(all.moves(), items.get(0).getStart().getMovesList());
        assertEquals(all.moves().size(), items.get(items.size() - 1).getSummary().getReviewed());
        assertTrue(items.get(1).getMove().getAfter().getSeats(1).getOut(), "Green's first move is weighed without Red");
    }

    @Test
    void aFlagThatLeavesOnePlayerIsTheRecordsLastLeaving() {
        Player[] p = fx.players("rec-flag", 4);
        Match m = fx.started(FFA, clock(60, 0), p);
        String id = m.getId();
        m = endings.resign(p[1], id, m.getVersion()); // Red
        m = endings.resign(p[3], id, m.getVersion()); // Blue
        m = move(move(m, p), p); // Green, Yellow
        clock.advanceMillis(60_001); // Green's flag falls
        flagCheck.checkNow();
        Match end = fx.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        MatchRecord r = records.record(id);
        assertTrue(r.getText().replace('\n', ' ').endsWith(" g:time yellow "), r.getText());
        GameRecord back = readBack(end, r);
        assertEquals(List.of(new SeatLeaving(0, 1, com.plyyard.engine.EndReason.RESIGNATION),
            new SeatLeaving(0, 3, com.plyyard.engine.EndReason.RESIGNATION),
            new SeatLeaving(2, 0, com.plyyard.engine.EndReason.TIMEOUT)), back.leavings());
    }

    /** A two-player match ended by resignation: no leaving in its record, the result "*" and the Termination tag. */
    @Test
    void aResignationThatEndsTheGameIsTheResultNotALeaving() {
        Player[] p = fx.players("rec-2p", 2);
        Match m = fx.started("ploy:3m:2p", clock(60, 0), p);
        m = move(m, p);
        Match end = endings.resign(p[1], m.getId(), m.getVersion());
        MatchRecord r = records.record(m.getId());
        GameRecord back = readBack(end, r);
        assertEquals(List.of(), back.leavings());
        assertEquals("*", back.result());
        assertTrue(r.getText().contains("[Termination \"Green wins: Red resigned.\"]"), r.getText());
    }

    /** The match's review through the lobby's reviews, as ReviewMatch streams it, until its end. */
    private List<ReviewProgress> review(String matchId) {
        List<ReviewProgress> items = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        reviews.reviewMatch(matchId, new GameReviews.Sink() {
            @Override
            public boolean gone() {
                return false;
            }

            @Override
            public void send(ReviewProgress progress) {
                items.add(progress);
            }

            @Override
            public void complete() {
                done.complete(null);
            }

            @Override
            public void fail(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        done.orTimeout(60, TimeUnit.SECONDS).join();
        return items;
    }
}
