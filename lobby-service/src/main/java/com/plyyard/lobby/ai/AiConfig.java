package com.plyyard.lobby.ai;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The AI seats: ai-service's moves for them (its address: {@code quarkus.grpc.clients.ai.host/port}). */
@ConfigMapping(prefix = "plyyard.lobby.ai")
public interface AiConfig {
    /** false: CreateMatch refuses AI seats, and pools offer no AI fill. */
    @WithDefault("true")
    boolean enabled();

    /** AI turns thought about at once (each waits for one BestMove). */
    @WithDefault("4")
    int threads();

    /** How long one BestMove may take. */
    @WithDefault("30s")
    Duration deadline();

    /** After a failure the turn is tried again after retry-initial, twice that, … up to retry-max. */
    @WithDefault("1s")
    Duration retryInitial();

    @WithDefault("30s")
    Duration retryMax();

    /**
     * How long ai-service searches a position when an AI seat weighs a draw offer (per seat weighed: one in a game of two
     * sides, each player still in a free-for-all).
     */
    @WithDefault("300ms")
    Duration drawThink();

    /**
     * How many times an AI seat asks ai-service to weigh a draw offer (the retries' backoff between) before it declines
     * the offer unweighed, so that an outage never leaves an offer unanswered.
     */
    @WithDefault("4")
    int drawAnswerAttempts();

    /** The safety net: how often AI turns that no attempt here holds (another instance stopped, say) are looked for… */
    @WithDefault("5s")
    Duration scanEvery();

    /** …and how long they must have waited to be taken up. */
    @WithDefault("10s")
    Duration scanGrace();
}
