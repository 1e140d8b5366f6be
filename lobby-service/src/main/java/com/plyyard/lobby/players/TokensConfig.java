package com.plyyard.lobby.players;

import io.smallrye.config.ConfigMapping;
import java.time.Duration;
import java.util.Optional;

/** Tokens. */
@ConfigMapping(prefix = "plyyard.lobby.tokens")
public interface TokensConfig {
    /**
     * How long a token works after it was made (Register or RenewToken); unset: until revoked. Clients renew before
     * it ends (RenewToken); an expired token is UNAUTHENTICATED.
     */
    Optional<Duration> lifetime();
}
