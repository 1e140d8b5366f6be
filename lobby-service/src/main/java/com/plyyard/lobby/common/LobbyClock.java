package com.plyyard.lobby.common;

import java.time.Instant;

/**
 * The lobby's one clock: every time its domain code reads (a move's clock, a flag, a seek's, challenge's or token's
 * expiry, a pool's widening window) comes from here. In production it is the database's clock ({@code db.DatabaseClock}),
 * so that every lobby instance agrees; tests put a clock they move by hand in its place, so that no test sleeps for
 * time to pass.
 */
public interface LobbyClock {
    /** Now, in epoch milliseconds. Inside a unit of work it may read the database. */
    long nowMillis();

    default Instant now() {
        return Instant.ofEpochMilli(nowMillis());
    }

    /**
     * Now, when a statement of the caller has just read the database's clock as {@code databaseMillis} along with its
     * rows (the move path reads it in the same round trip): the database's clock takes it, others ignore it.
     */
    default long nowMillis(long databaseMillis) {
        return nowMillis();
    }
}
