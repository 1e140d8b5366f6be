package com.plyyard.lobby.clock;

import com.plyyard.lobby.common.LobbyException;

/**
 * The clock arithmetic of a match: Fischer time (initial + increment per move), counted down on the seat whose player
 * is to move. Pure: the current time is always passed in (the lobby passes the database's clock), so it is tested
 * without sleeping. A seat's stored time is its time left as of the moment its turn started ({@code turnStartedAt});
 * while the turn runs, the time left is that minus the time since.
 *
 * @param initialMillis   each seat's time at the start; 0 with 0 increment = no clock (correspondence)
 * @param incrementMillis added to the mover's clock after each move
 */
public record MatchClock(long initialMillis, long incrementMillis) {
    /** Upper bounds of a time control (a week; an hour). */
    public static final long MAX_INITIAL_SECONDS = 7L * 24 * 3600;
    public static final long MAX_INCREMENT_SECONDS = 3600;

    /**
     * The clock of a time control given in (unsigned) seconds: 0+0 is no clock, 0+N is refused, and both have an upper
     * bound; INVALID_ARGUMENT otherwise.
     */
    public static MatchClock ofSeconds(int initialSeconds, int incrementSeconds) {
        long initial = Integer.toUnsignedLong(initialSeconds);
        long increment = Integer.toUnsignedLong(incrementSeconds);
        if (initial == 0 && increment > 0) {
            throw LobbyException.invalid("A clock needs an initial time; 0+0 means no clock.");
        }
        if (initial > MAX_INITIAL_SECONDS || increment > MAX_INCREMENT_SECONDS) {
            throw LobbyException.invalid("A clock has at most " + MAX_INITIAL_SECONDS + " s initial time and "
                + MAX_INCREMENT_SECONDS + " s increment.");
        }
        return new MatchClock(initial * 1000, increment * 1000);
    }

    /** False for a match without a clock: nobody's time runs. */
    public boolean isTimed() {
        return initialMillis > 0 || incrementMillis > 0;
    }

    /**
     * The mover's time left at {@code now}: its stored time minus the time since its turn started;
     * {@link Long#MAX_VALUE} without a clock or when no turn runs (null start). May be negative once the flag fell.
     */
    public long timeLeft(long storedMillis, Long turnStartedAt, long now) {
        if (!isTimed() || turnStartedAt == null) {
            return Long.MAX_VALUE;
        }
        return storedMillis - (now - turnStartedAt);
    }

    /** The mover's stored time after a move made with {@code timeLeft} on its clock: the increment is added. */
    public long afterMove(long timeLeft) {
        return timeLeft + incrementMillis;
    }

    /** The mover's stored time when its clock stops at {@code now} (a draw, a resignation): charged, never below 0. */
    public long stopped(long storedMillis, Long turnStartedAt, long now) {
        return Math.max(0, timeLeft(storedMillis, turnStartedAt, now));
    }

    /** When the flag of a mover whose turn starts at {@code now} with {@code storedMillis} falls; null without a clock. */
    public Long deadline(long now, long storedMillis) {
        return isTimed() ? now + storedMillis : null;
    }
}
