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

    /**
     * Moves sent in one ApplyMoves call at most (rules-service takes 64): the moves of different matches that wait
     * while earlier calls are on their way go together (docs/scaling.md, "Moves judged together").
     */
    @WithDefault("32")
    int batchMax();

    /** ApplyMoves calls on their way at once; a move arriving while fewer are waits for none. */
    @WithDefault("2")
    int batchCalls();
}
