package com.plyyard.lobby.limits;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * Per-token rate limits (docs/reliability.md, "Abuse"): for each action a bucket of {@code capacity} calls that
 * refills {@code capacity} calls evenly over {@code per}, so a burst of capacity is allowed and the sustained rate is
 * capacity per period. The values are in application.properties.
 */
@ConfigMapping(prefix = "plyyard.lobby.rate-limits")
public interface RateLimitsConfig {
    /** false: nothing is counted (a closed deployment, a benchmark). */
    @WithDefault("true")
    boolean enabled();

    /** Buckets kept at most (least recently used ones are dropped first: a dropped bucket starts full). */
    @WithDefault("100000")
    int maxBuckets();

    Rate moves();

    Rate creations();

    Rate poolJoins();

    Rate registrations();

    Rate streams();

    /**
     * Password checks per client address, right or wrong: SignIn, RecoverAccount, and ChangePassword and
     * ReplaceRecoveryCodes (which check the current password). {@link SignInThrottle}.
     */
    Rate signIns();

    /** The growing wait after wrong passwords or codes, per account and per address ({@link SignInThrottle}). */
    SignInFailures signInFailures();

    interface SignInFailures {
        /** Wrong attempts in a row before any wait. */
        @WithDefault("3")
        int free();

        /** The wait after the first wrong attempt beyond the free ones; each further one doubles it. */
        @WithDefault("1s")
        Duration firstDelay();

        /** The longest wait: an account under attack still lets its owner in after at most this long. */
        @WithDefault("1m")
        Duration maxDelay();
    }

    interface Rate {
        int capacity();

        Duration per();
    }
}
