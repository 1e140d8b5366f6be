package com.plyyard.lobby.ai;

import java.time.Duration;

/** The wait before the next attempt of a failing AI turn: initial, twice that, four times, … capped at max. */
record RetryBackoff(Duration initial, Duration max) {
    /** The wait after {@code failures} failures in a row (1 = the first). */
    long millisAfter(int failures) {
        long first = Math.max(1, initial.toMillis());
        long delay = first << Math.min(Math.max(0, failures - 1), 20);
        return Math.min(delay, Math.max(first, max.toMillis()));
    }
}
