package com.plyyard.lobby.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import org.junit.jupiter.api.Test;

/** The clock arithmetic with the time passed in: no sleeping, no database. */
class MatchClockTest {
    private static final long T0 = 1_700_000_000_000L;

    @Test
    void ofSecondsConvertsToMillisAndKnowsNoClock() {
        MatchClock blitz = MatchClock.ofSeconds(300, 3);
        assertEquals(300_000, blitz.initialMillis());
        assertEquals(3_000, blitz.incrementMillis());
        assertTrue(blitz.isTimed());
        assertFalse(MatchClock.ofSeconds(0, 0).isTimed());
    }

    @Test
    void ofSecondsRefusesIncrementWithoutInitialTimeAndOversizedControls() {
        assertEquals(ErrorKind.INVALID_ARGUMENT,
            assertThrows(LobbyException.class, () -> MatchClock.ofSeconds(0, 5)).kind());
        assertThrows(LobbyException.class, () -> MatchClock.ofSeconds((int) MatchClock.MAX_INITIAL_SECONDS + 1, 0));
        assertThrows(LobbyException.class, () -> MatchClock.ofSeconds(60, (int) MatchClock.MAX_INCREMENT_SECONDS + 1));
        // proto uint32 values past 2^31 arrive as negative ints: read unsigned, they are far too large
        assertThrows(LobbyException.class, () -> MatchClock.ofSeconds(-1, 0));
        assertEquals(MatchClock.MAX_INITIAL_SECONDS * 1000,
            MatchClock.ofSeconds((int) MatchClock.MAX_INITIAL_SECONDS, 0).initialMillis());
    }

    @Test
    void timeLeftCountsDownFromTheTurnStart() {
        MatchClock clock = MatchClock.ofSeconds(60, 2);
        assertEquals(60_000, clock.timeLeft(60_000, T0, T0));
        assertEquals(47_500, clock.timeLeft(60_000, T0, T0 + 12_500));
        assertEquals(-1_000, clock.timeLeft(60_000, T0, T0 + 61_000), "past the flag the time left goes negative");
    }

    @Test
    void noClockOrNoRunningTurnNeverRunsOut() {
        assertEquals(Long.MAX_VALUE, MatchClock.ofSeconds(0, 0).timeLeft(0, T0, T0 + 1_000_000));
        assertEquals(Long.MAX_VALUE, MatchClock.ofSeconds(60, 0).timeLeft(60_000, null, T0));
    }

    @Test
    void aMoveAddsTheIncrement() {
        MatchClock clock = MatchClock.ofSeconds(60, 2);
        long left = clock.timeLeft(60_000, T0, T0 + 5_000);
        assertEquals(57_000, clock.afterMove(left));
    }

    @Test
    void stoppingChargesTheRunningTurnButNeverGoesBelowZero() {
        MatchClock clock = MatchClock.ofSeconds(60, 0);
        assertEquals(50_000, clock.stopped(60_000, T0, T0 + 10_000));
        assertEquals(0, clock.stopped(60_000, T0, T0 + 90_000));
        assertEquals(60_000, clock.stopped(60_000, T0, T0), "stopped at once: nothing charged");
    }

    @Test
    void theDeadlineIsTheTurnStartPlusTheStoredTime() {
        assertEquals(T0 + 42_000, MatchClock.ofSeconds(60, 0).deadline(T0, 42_000));
        assertNull(MatchClock.ofSeconds(0, 0).deadline(T0, 0));
    }
}
