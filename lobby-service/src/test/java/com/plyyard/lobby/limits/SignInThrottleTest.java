package com.plyyard.lobby.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sign-in limits' arithmetic: the growing wait, the owner's devices, the address bucket. Time is moved by hand. */
class SignInThrottleTest {
    private static final Instant T0 = Instant.parse("2026-12-07T12:00:00Z");

    static RateLimitsConfig.SignInFailures failures(int free, Duration first, Duration max) {
        return new RateLimitsConfig.SignInFailures() {
            @Override
            public int free() {
                return free;
            }

            @Override
            public Duration firstDelay() {
                return first;
            }

            @Override
            public Duration maxDelay() {
                return max;
            }
        };
    }

    private static SignInThrottle throttle(boolean enabled, int capacity) {
        RateLimitsConfig.Rate signIns = new RateLimitsConfig.Rate() {
            @Override
            public int capacity() {
                return capacity;
            }

            @Override
            public Duration per() {
                return Duration.ofMinutes(10);
            }
        };
        SignInThrottle t = new SignInThrottle();
        t.config = new RateLimitsConfig() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public int maxBuckets() {
                return 1000;
            }

            @Override
            public Rate moves() {
                return signIns;
            }

            @Override
            public Rate creations() {
                return signIns;
            }

            @Override
            public Rate poolJoins() {
                return signIns;
            }

            @Override
            public Rate registrations() {
                return signIns;
            }

            @Override
            public Rate streams() {
                return signIns;
            }

            @Override
            public Rate signIns() {
                return signIns;
            }

            @Override
            public SignInFailures signInFailures() {
                return failures(3, Duration.ofSeconds(1), Duration.ofMinutes(1));
            }
        };
        t.init();
        return t;
    }

    @Test
    void theWaitDoublesAfterTheFreeAttemptsUpToTheMaximum() {
        RateLimitsConfig.SignInFailures f = failures(3, Duration.ofSeconds(1), Duration.ofMinutes(1));
        assertEquals(Duration.ZERO, SignInThrottle.delay(3, f));
        assertEquals(Duration.ofSeconds(1), SignInThrottle.delay(4, f));
        assertEquals(Duration.ofSeconds(2), SignInThrottle.delay(5, f));
        assertEquals(Duration.ofSeconds(32), SignInThrottle.delay(9, f));
        assertEquals(Duration.ofMinutes(1), SignInThrottle.delay(10, f));
        assertEquals(Duration.ofMinutes(1), SignInThrottle.delay(1000, f), "no overflow far beyond");
    }

    @Test
    void wrongAttemptsMakeTheAccountWaitAndARightOneEndsTheRun() {
        SignInThrottle t = throttle(true, 1000);
        for (int i = 0; i < 4; i++) {
            assertTrue(t.take("Ana", "10.0.0.1", T0, () -> false).isEmpty(), "attempt " + i);
            t.wrong("Ana", "10.0.0.1", T0);
        }
        // four wrong in a row: the account and the address wait 1 s from the last one
        Optional<SignInThrottle.Wait> w = t.take("ana", "10.0.0.2", T0.plusMillis(400), () -> false);
        assertTrue(w.isPresent());
        assertEquals(Duration.ofMillis(600), w.get().retryAfter());
        assertEquals("Too many wrong sign-in attempts for this account: wait 0.6 s before the next (each wrong one "
            + "doubles the wait; the account's own devices are not held back).", w.get().sentence());
        assertEquals("Too many wrong sign-in attempts from this address: wait 0.6 s before the next (each wrong one doubles "
            + "the wait).", t.take("bob", "10.0.0.1", T0.plusMillis(400), () -> false).orElseThrow().sentence());
        // the owner's device (an address it has a session from) is not held back by the account's wait
        assertTrue(t.take("ana", "10.0.0.3", T0.plusMillis(400), () -> true).isEmpty());
        assertTrue(t.take("ana", "10.0.0.2", T0.plusSeconds(1), () -> false).isEmpty(), "after the wait");
        t.right("ana", "10.0.0.2");
        assertTrue(t.take("ana", "10.0.0.4", T0.plusSeconds(1), () -> false).isEmpty(), "the run ended");
    }

    @Test
    void theAddressBucketCountsRightAndWrongAttempts() {
        SignInThrottle t = throttle(true, 3);
        for (int i = 0; i < 3; i++) {
            assertTrue(t.take("p" + i, "10.0.0.9", T0, () -> false).isEmpty());
            t.right("p" + i, "10.0.0.9");
        }
        SignInThrottle.Wait w = t.take("p4", "10.0.0.9", T0, () -> false).orElseThrow();
        assertTrue(w.sentence().startsWith("Too many sign-in attempts from this address: at most 3 per 10 minutes; try "
            + "again in "), w.sentence());
        assertTrue(t.take("p4", "10.0.0.10", T0, () -> false).isEmpty(), "another address has its own bucket");
    }

    @Test
    void offCountsNothing() {
        SignInThrottle t = throttle(false, 1);
        for (int i = 0; i < 20; i++) {
            t.wrong("ana", "10.0.0.1", T0);
            assertFalse(t.take("ana", "10.0.0.1", T0, () -> false).isPresent());
        }
    }
}
