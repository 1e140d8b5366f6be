package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two-player endings: flags (with nobody connected, and claimed), resignation, draws, abort; clock arithmetic. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class ClocksAndEndingsTest extends LobbyTestBase {
    @Inject
    FlagCheck flagCheck;

    @Inject
    ManualClock clock;

    @Test
    void aFlagFallsWithNobodyConnected() {
        TestPlayer w = register("slow-w");
        TestPlayer b = register("slow-b");
        Match m = started("draughts:fmjd", clock(1, 0), w, b);
        assertTrue(m.getSeats(0).getClockMillis() == 1000 && m.getSeats(1).getClockMillis() == 1000);
        String id = m.getId();
        // no stream, no call: the flag check alone ends it, once the time is out and not a millisecond before
        clock.advanceMillis(999);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_ACTIVE, w.get(id).getStatus(), "1 ms is left");
        clock.advanceMillis(1);
        flagCheck.checkNow();
        Match end = w.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.TIMEOUT, end.getResult().getReason());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals("Black wins: White ran out of time.", end.getResult().getDescription());
        assertEquals(0, end.getSeats(0).getClockMillis());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "CLOCK", "ENDED"), types(id));
        Match over = end;
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> w.move(over, "32-28"));
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.matches().claimTimeout(TestPlayer.action(over)));
    }

    @Test
    void claimingAFallenFlag() {
        TestPlayer w = register("claim-w");
        TestPlayer b = register("claim-b");
        Match m = started("draughts:fmjd", clock(1, 0), w, b);
        flagCheck.pause();
        try {
            Match running = m;
            String early = assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.matches().claimTimeout(TestPlayer.action(running)));
            assertTrue(early.startsWith("No clock has run out"), early);
            assertStatus(Status.Code.FAILED_PRECONDITION, () -> w.matches().claimTimeout(TestPlayer.action(running)));
            clock.advanceMillis(1300);
            assertStatus(Status.Code.FAILED_PRECONDITION, () -> w.move(running, "32-28")); // too late
            assertEquals(MatchStatus.MATCH_ACTIVE, w.get(m.getId()).getStatus(), "the scheduler is paused");
            Match end = b.matches().claimTimeout(TestPlayer.action(running));
            assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
            assertEquals(EndReason.TIMEOUT, end.getResult().getReason());
            assertEquals(List.of(1), end.getResult().getWinnersList());
        } finally {
            flagCheck.resume();
        }
        flagCheck.checkNow();
        assertEquals(1, count("SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'ENDED'", m.getId()),
            "flagged exactly once");
    }

    @Test
    void movesSpendTimeAndEarnTheIncrement() {
        TestPlayer w = register("inc-w");
        TestPlayer b = register("inc-b");
        Match m = started("draughts:fmjd", clock(60, 2), w, b);
        clock.advanceMillis(300);
        Match after = w.move(m, "32-28");
        long white = after.getSeats(0).getClockMillis();
        assertEquals(60_000 - 300 + 2_000, white, "60 s - the time used + 2 s");
        assertEquals(60_000, after.getSeats(1).getClockMillis());
        assertEquals(white, after.getMoves(0).getClockMillisAfter());
        assertEquals(m.getClockAtEpochMillis() + 300, after.getClockAtEpochMillis(), "black's clock runs from the move");
        long deadline = count("SELECT (extract(epoch FROM deadline_at - turn_started_at) * 1000)::bigint FROM matches WHERE id = ?::uuid",
            m.getId());
        assertEquals(60_000, deadline, "the deadline is black's whole time from the move");
    }

    @Test
    void resignationEndsATwoPlayerGame() {
        TestPlayer w = register("res-w");
        TestPlayer b = register("res-b");
        Match m = started("draughts:fmjd", clock(0, 0), w, b);
        m = w.move(m, "32-28");
        Match end = w.matches().resign(TestPlayer.action(m)); // out of turn is fine
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals(EndReason.RESIGNATION, end.getResult().getReason());
        assertEquals(GameStatus.FINISHED, end.getState().getStatus());
        TestPlayer kibitzer = register("res-k");
        Match waiting = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(me()).build());
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> w.matches().resign(TestPlayer.action(waiting)));
        assertStatus(Status.Code.PERMISSION_DENIED, () -> kibitzer.matches().resign(TestPlayer.action(end)));
    }

    @Test
    void drawOffersAcceptedDeclinedAndClearedByAMove() {
        TestPlayer w = register("draw-w");
        TestPlayer b = register("draw-b");
        Match m = started("draughts:fmjd", clock(0, 0), w, b);
        Match fresh = m;
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.matches().acceptDraw(TestPlayer.action(fresh)));
        m = b.matches().offerDraw(TestPlayer.action(m));
        assertTrue(m.getSeats(1).getOffersDraw());
        m = w.move(m, "32-28");
        assertFalse(m.getSeats(1).getOffersDraw(), "a move clears the offers");
        Match cleared = m;
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.matches().acceptDraw(TestPlayer.action(cleared)));
        m = w.matches().offerDraw(TestPlayer.action(m));
        m = b.matches().declineDraw(TestPlayer.action(m));
        assertFalse(m.getSeats(0).getOffersDraw());
        m = w.matches().offerDraw(TestPlayer.action(m));
        Match end = b.matches().acceptDraw(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(OutcomeKind.DRAW, end.getResult().getKind());
        assertEquals(EndReason.AGREEMENT, end.getResult().getReason());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "DRAW_OFFERED", "MOVE_PLAYED", "DRAW_OFFERED",
            "DRAW_DECLINED", "DRAW_OFFERED", "ENDED"), types(end.getId()));
    }

    @Test
    void abortOnlyBeforeTheFirstMove() {
        TestPlayer w = register("ab-w");
        TestPlayer b = register("ab-b");
        TestPlayer k = register("ab-k");
        Match waiting = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(me()).addSeats(open()).build());
        assertStatus(Status.Code.PERMISSION_DENIED, () -> k.matches().abort(TestPlayer.action(waiting)));
        Match aborted = w.matches().abort(TestPlayer.action(waiting));
        assertEquals(MatchStatus.MATCH_ABORTED, aborted.getStatus());
        assertEquals(EndReason.ABORTED, aborted.getResult().getReason());

        Match m = started("draughts:fmjd", clock(1, 0), w, b);
        Match early = b.matches().abort(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_ABORTED, early.getStatus());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "ENDED"), types(m.getId()));
        clock.advanceMillis(1600);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_ABORTED, w.get(m.getId()).getStatus(), "an aborted match's clock is stopped");

        Match played = w.move(started("draughts:fmjd", clock(0, 0), w, b), "32-28");
        assertStatus(Status.Code.FAILED_PRECONDITION, () -> b.matches().abort(TestPlayer.action(played)));
    }

    private List<String> types(String matchId) {
        try (var c = dataSource.getConnection();
             var st = c.prepareStatement("SELECT type FROM match_events WHERE match_id = ?::uuid ORDER BY version")) {
            st.setString(1, matchId);
            try (var rs = st.executeQuery()) {
                List<String> out = new java.util.ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return out;
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
