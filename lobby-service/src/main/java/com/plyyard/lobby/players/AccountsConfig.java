package com.plyyard.lobby.players;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.OptionalInt;

/** Accounts: the password hash's cost, how many hashes run at once, sessions' idle expiry, reset tokens. */
@ConfigMapping(prefix = "plyyard.lobby.accounts")
public interface AccountsConfig {
    /** Argon2id's cost for new hashes; at least OWASP's minimum (m=19456 KiB, t=2, p=1), which is the default. */
    Argon2 argon2();

    /** Argon2id's parameters. */
    interface Argon2 {
        /** Memory in KiB. */
        @WithDefault("19456")
        int memoryKib();

        /** Passes over the memory. */
        @WithDefault("2")
        int iterations();

        /** Lanes. */
        @WithDefault("1")
        int parallelism();
    }

    /** Password hashes computed at once by this instance; unset: one per processor. */
    OptionalInt hashThreads();

    /**
     * Hashes waiting for a thread; one more is refused RESOURCE_EXHAUSTED. The calls that wait run on threads of their
     * own (plyyard.lobby.calls.password-workers, 16).
     */
    @WithDefault("8")
    int hashQueue();

    /**
     * The niceness the hashing threads run at (Linux: 0 to 19; 0 leaves them as the others). Sign-ins are rare and may
     * wait a few milliseconds; moves may not wait behind a storm of sign-ins, so hashes yield the processors to them.
     */
    @WithDefault("10")
    int hashNice();

    /** A password or recovery session unused this long ends; every use renews it (recorded at most once a minute). */
    @WithDefault("30d")
    Duration sessionIdleExpiry();

    /** How often this instance writes down when its sessions were last used. */
    @WithDefault("60s")
    Duration sessionUseFlushEvery();

    /** How long an operator's reset token works. */
    @WithDefault("1h")
    Duration resetTokenLifetime();
}
