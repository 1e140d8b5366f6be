package com.plyyard.lobby.ai;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The wait between attempts of a failing AI turn. */
class RetryBackoffTest {
    @Test
    void doublesFromTheInitialWaitUpToTheCap() {
        RetryBackoff backoff = new RetryBackoff(Duration.ofMillis(500), Duration.ofSeconds(5));
        assertEquals(500, backoff.millisAfter(1));
        assertEquals(1_000, backoff.millisAfter(2));
        assertEquals(2_000, backoff.millisAfter(3));
        assertEquals(4_000, backoff.millisAfter(4));
        assertEquals(5_000, backoff.millisAfter(5));
        assertEquals(5_000, backoff.millisAfter(1_000), "no overflow after many failures");
    }

    @Test
    void oddSettingsStillGiveAPositiveWait() {
        assertEquals(500, new RetryBackoff(Duration.ofMillis(500), Duration.ofMillis(100)).millisAfter(3),
            "a cap below the initial wait keeps the initial wait");
        assertEquals(1, new RetryBackoff(Duration.ZERO, Duration.ZERO).millisAfter(1));
        assertEquals(500, new RetryBackoff(Duration.ofMillis(500), Duration.ofSeconds(5)).millisAfter(0));
    }
}
