package com.plyyard.lobby.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RateLimiterTest {
    private static RateLimitsConfig.Rate rate(int capacity, Duration per) {
        return new RateLimitsConfig.Rate() {
            @Override
            public int capacity() {
                return capacity;
            }

            @Override
            public Duration per() {
                return per;
            }
        };
    }

    private static RateLimiter limiter(boolean enabled, RateLimitsConfig.Rate moves) {
        RateLimitsConfig.Rate wide = rate(1000, Duration.ofMinutes(1));
        RateLimiter l = new RateLimiter();
        l.config = new RateLimitsConfig() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public int maxBuckets() {
                return 100;
            }

            @Override
            public Rate moves() {
                return moves;
            }

            @Override
            public Rate creations() {
                return wide;
            }

            @Override
            public Rate poolJoins() {
                return wide;
            }

            @Override
            public Rate registrations() {
                return wide;
            }

            @Override
            public Rate streams() {
                return wide;
            }

            @Override
            public Rate signIns() {
                return wide;
            }

            @Override
            public SignInFailures signInFailures() {
                return SignInThrottleTest.failures(3, Duration.ofSeconds(1), Duration.ofMinutes(1));
            }
        };
        l.init();
        return l;
    }

    @Test
    void aBurstOfTheCapacityThenARefusalWithTheWait() {
        RateLimiter l = limiter(true, rate(3, Duration.ofMinutes(1)));
        for (int i = 0; i < 3; i++) {
            assertTrue(l.take(LimitedAction.MOVE, "token-a").isEmpty());
        }
        Optional<RateLimiter.Refusal> r = l.take(LimitedAction.MOVE, "token-a");
        assertTrue(r.isPresent());
        // one call refills every 20 s
        assertTrue(r.get().retryAfter().compareTo(Duration.ofSeconds(19)) > 0
            && r.get().retryAfter().compareTo(Duration.ofSeconds(20)) <= 0, r.get().retryAfter().toString());
        assertEquals("Too many moves with this token: at most 3 per minute; try again in 20.0 s.", r.get().sentence());
        assertTrue(l.take(LimitedAction.MOVE, "token-b").isEmpty(), "each token has its own bucket");
        assertTrue(l.take(LimitedAction.CREATION, "token-a").isEmpty(), "each action has its own bucket");
    }

    @Test
    void registrationsNameTheAddress() {
        RateLimiter.Refusal r = new RateLimiter.Refusal(LimitedAction.REGISTRATION, 100, Duration.ofMillis(1500),
            Duration.ofMillis(12));
        assertEquals("Too many registrations from this address: at most 100 per 1500 ms; try again in 0.1 s.", r.sentence());
    }

    @Test
    void disabledCountsNothing() {
        RateLimiter l = limiter(false, rate(1, Duration.ofMinutes(1)));
        for (int i = 0; i < 10; i++) {
            assertTrue(l.take(LimitedAction.MOVE, "t").isEmpty());
        }
    }

    @Test
    void aZeroCapacityStopsTheStartWithASentence() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> limiter(true, rate(0, Duration.ofSeconds(1))));
        assertTrue(e.getMessage().contains("moves"), e.getMessage());
    }
}
