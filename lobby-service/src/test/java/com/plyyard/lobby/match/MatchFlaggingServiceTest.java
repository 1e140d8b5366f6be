package com.plyyard.lobby.match;

import static com.plyyard.lobby.support.MatchFixtures.clock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.MatchFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link MatchFlagging} and {@link FlagCheck} with the clock moved by hand: a flag falls at the deadline and not a
 * millisecond before, the increments move the deadline, only the due matches fall, free-for-all goes on and teams end,
 * and ClaimTimeout's refusals. (The lobby's clock is Fischer time only: no delay, and no rule about material left.)
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class MatchFlaggingServiceTest {
    private static final String DRAUGHTS = "draughts:fmjd";

    @Inject
    MatchFlagging flagging;

    @Inject
    FlagCheck flagCheck;

    @Inject
    MatchMoves moves;

    @Inject
    MatchEndings endings;

    @Inject
    ManualClock clock;

    private final MatchFixtures fx = new MatchFixtures();

    private MatchStatus status(Match m) {
        return fx.get(m.getId()).getStatus();
    }

    @Test
    void theFlagCheckFlagsExactlyTheDueMatches() {
        Player w = fx.player("due-w");
        Player b = fx.player("due-b");
        Match oneSecond = fx.started(DRAUGHTS, clock(1, 0), w, b);
        Match twoSeconds = fx.started(DRAUGHTS, clock(2, 0), w, b);
        Match noClock = fx.started(DRAUGHTS, clock(0, 0), w, b);
        Match moved = fx.started(DRAUGHTS, clock(1, 0), w, b);
        Match resigned = fx.started(DRAUGHTS, clock(1, 0), w, b);
        endings.resign(b, resigned.getId(), resigned.getVersion());
        String resignedRows = fx.stored(resigned.getId());
        clock.advanceMillis(600);
        moves.submitMove(w, moved.getId(), "32-28", moved.getVersion()); // Black's 1 s runs from here

        clock.advanceMillis(400); // 1 s since the start
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_FINISHED, status(oneSecond));
        assertEquals(MatchStatus.MATCH_ACTIVE, status(twoSeconds));
        assertEquals(MatchStatus.MATCH_ACTIVE, status(noClock));
        assertEquals(MatchStatus.MATCH_ACTIVE, status(moved));
        Match flagged = fx.get(oneSecond.getId());
        assertEquals(EndReason.TIMEOUT, flagged.getResult().getReason());
        assertEquals(List.of(1), flagged.getResult().getWinnersList());
        assertEquals("Black wins: White ran out of time.", flagged.getResult().getDescription());
        assertEquals(0, flagged.getSeats(0).getClockMillis());
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "CLOCK", "ENDED"), fx.eventTypes(oneSecond.getId()));

        clock.advanceMillis(599);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_ACTIVE, status(moved), "1 ms of Black's time is left");
        clock.advanceMillis(1);
        flagCheck.checkNow();
        Match blackFlagged = fx.get(moved.getId());
        assertEquals(MatchStatus.MATCH_FINISHED, blackFlagged.getStatus());
        assertEquals("White wins: Black ran out of time.", blackFlagged.getResult().getDescription());
        assertEquals(400, blackFlagged.getSeats(0).getClockMillis(), "White's clock as it stopped at its move");
        assertEquals(MatchStatus.MATCH_ACTIVE, status(twoSeconds));

        clock.advanceMillis(400);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_FINISHED, status(twoSeconds));
        assertEquals(MatchStatus.MATCH_ACTIVE, status(noClock), "a match without a clock never flags");
        assertEquals(resignedRows, fx.stored(resigned.getId()), "a finished match is never flagged");
        for (Match m : List.of(oneSecond, twoSeconds, moved)) {
            assertEquals(1, fx.count("SELECT count(*) FROM match_events WHERE match_id = ? AND type = 'ENDED'",
                UUID.fromString(m.getId())), "each flag falls once");
        }
    }

    /** 5 + 3: every move adds 3 s, and the flag falls exactly when the mover's stored time has passed. */
    @Test
    void incrementsMoveTheDeadlineAndNoFlagFallsAMillisecondEarly() {
        Player w = fx.player("inc-w");
        Player b = fx.player("inc-b");
        Match m = fx.started(DRAUGHTS, clock(5, 3), w, b);
        String id = m.getId();
        clock.advanceMillis(1000);
        m = moves.submitMove(w, id, "32-28", m.getVersion());
        assertEquals(5000 - 1000 + 3000, m.getSeats(0).getClockMillis());
        clock.advanceMillis(2000);
        m = moves.submitMove(b, id, "19-23", m.getVersion());
        assertEquals(5000 - 2000 + 3000, m.getSeats(1).getClockMillis());
        long whiteTurn = m.getClockAtEpochMillis();
        assertEquals(whiteTurn + 7000, fx.deadline(id), "White's 7 s from Black's move");

        clock.advanceMillis(6999);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_ACTIVE, fx.get(id).getStatus());
        assertFalse(flagging.dueMatches(10_000).contains(UUID.fromString(id)));
        clock.advanceMillis(1);
        flagCheck.checkNow();
        Match end = fx.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        assertEquals(0, end.getSeats(0).getClockMillis());
        assertEquals(6000, end.getSeats(1).getClockMillis());
    }

    @Test
    void flagIfDueFlagsADueMatchOnceAndNothingElse() {
        Player w = fx.player("fid-w");
        Player b = fx.player("fid-b");
        Match m = fx.started(DRAUGHTS, clock(1, 0), w, b);
        UUID id = UUID.fromString(m.getId());
        flagCheck.pause();
        try {
            clock.advanceMillis(999);
            assertFalse(flagging.flagIfDue(id), "not due");
            assertFalse(flagging.dueMatches(10_000).contains(id));
            String before = fx.stored(m.getId());
            clock.advanceMillis(1);
            assertEquals(before, fx.stored(m.getId()), "time passing writes nothing");
            assertTrue(flagging.dueMatches(10_000).contains(id));
            assertTrue(flagging.flagIfDue(id));
            assertFalse(flagging.flagIfDue(id), "flagged already");
            assertFalse(flagging.dueMatches(10_000).contains(id));
        } finally {
            flagCheck.resume();
        }
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "CLOCK", "ENDED"), fx.eventTypes(m.getId()));
        assertNull(fx.deadline(m.getId()));
    }

    @Test
    void claimTimeoutRefusalsThenAClaim() {
        Player w = fx.player("cl-w");
        Player b = fx.player("cl-b");
        Player stranger = fx.player("cl-x");
        Match casual = fx.started(DRAUGHTS, clock(0, 0), w, b);
        fx.refused(casual.getId(), ErrorKind.FAILED_PRECONDITION, "This match is played without a clock; no time can run out.",
            () -> flagging.claimTimeout(b, casual.getId(), casual.getVersion()));

        Match m = fx.started(DRAUGHTS, clock(2, 0), w, b);
        String id = m.getId();
        flagCheck.pause();
        try {
            fx.refused(id, ErrorKind.FAILED_PRECONDITION,
                "Your own clock is running; only an opponent's fallen flag can be claimed.",
                () -> flagging.claimTimeout(w, id, m.getVersion()));
            clock.advanceMillis(1700);
            fx.refused(id, ErrorKind.FAILED_PRECONDITION, "No clock has run out: White has 0.3 s left.",
                () -> flagging.claimTimeout(b, id, m.getVersion()));
            clock.advanceMillis(300);
            fx.refused(id, ErrorKind.PERMISSION_DENIED, "You do not hold a seat in this match; spectators can only watch.",
                () -> flagging.claimTimeout(stranger, id, m.getVersion()));
            Match end = flagging.claimTimeout(b, id, m.getVersion());
            assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
            assertEquals(EndReason.TIMEOUT, end.getResult().getReason());
            assertEquals(List.of(1), end.getResult().getWinnersList());
            assertEquals(0, end.getSeats(0).getClockMillis());
            fx.refused(id, ErrorKind.FAILED_PRECONDITION, "The match is over; nothing can be played in it now.",
                () -> flagging.claimTimeout(b, id, end.getVersion()));
        } finally {
            flagCheck.resume();
        }
        flagCheck.checkNow();
        assertEquals(List.of("SEAT_JOINED", "SEAT_JOINED", "STARTED", "CLOCK", "ENDED"), fx.eventTypes(id), "flagged once");
    }

    /** Free-for-all: a flagged player is out, the next player's clock starts with its whole time; the last one wins. */
    @Test
    void aFreeForAllGoesOnAfterEachFlag() {
        Player[] p = fx.players("ff", 4);
        Match m = fx.started("ploy:3m:ffa", clock(1, 0), p);
        String id = m.getId();
        clock.advanceMillis(1000);
        flagCheck.checkNow();
        Match after = fx.get(id);
        assertEquals(MatchStatus.MATCH_ACTIVE, after.getStatus());
        assertTrue(after.getSeats(0).getOut());
        assertEquals(0, after.getSeats(0).getClockMillis());
        assertEquals(1, after.getState().getToMove(), "Red's turn");
        assertEquals(1000, after.getSeats(1).getClockMillis(), "Red's clock did not run during Green's turn");
        assertEquals(after.getClockAtEpochMillis() + 1000, fx.deadline(id));
        assertEquals(List.of("CLOCK", "SEAT_OUT"), fx.eventTypes(id).subList((int) m.getVersion(), (int) after.getVersion()));

        clock.advanceMillis(999);
        flagCheck.checkNow();
        assertFalse(fx.get(id).getSeats(1).getOut(), "1 ms of Red's time is left");
        clock.advanceMillis(1);
        flagCheck.checkNow();
        assertTrue(fx.get(id).getSeats(1).getOut());
        clock.advanceMillis(1000);
        flagCheck.checkNow();
        Match end = fx.get(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(List.of(3), end.getResult().getWinnersList(), "Blue never had to move");
        assertEquals(EndReason.LAST_STANDING, end.getResult().getReason());
        assertEquals(List.of(0, 1, 2), end.getResult().getEliminationOrderList());
        assertEquals(1000, end.getSeats(3).getClockMillis());
    }

    @Test
    void aTeamLosesOnOnePlayersFlag() {
        Player[] p = fx.players("ft", 4);
        Match m = fx.started("ploy:3m:team", clock(1, 0), p);
        clock.advanceMillis(1000);
        flagCheck.checkNow();
        Match end = fx.get(m.getId());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.TIMEOUT, end.getResult().getReason());
        assertEquals(List.of(1, 3), end.getResult().getWinnersList());
        assertEquals("Red and Blue win: Green ran out of time.", end.getResult().getDescription());
    }
}
