package com.plyyard.lobby.rules;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** rules-service as the lobby calls it (its address: {@code quarkus.grpc.clients.rules.host/port}). */
@ConfigMapping(prefix = "plyyard.lobby.rules")
public interface RulesConfig {
    /** How long one rules-service call may take before the lobby answers UNAVAILABLE (nothing changed). */
    @WithDefault("10s")
    Duration deadline();
}
