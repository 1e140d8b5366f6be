package com.plyyard.lobby.matchmaking;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Matchmaking's waits and pairing rules (docs/lobby.md, "Pairing"). */
@ConfigMapping(prefix = "plyyard.lobby.matchmaking")
public interface MatchmakingConfig {
    /** A seek expires when its owner has had no WatchLobby stream this long. */
    @WithDefault("30s")
    Duration seekGrace();

    /**
     * Each instance refreshes its lobby streams' presence this often; presence unrefreshed for three heartbeats (an
     * instance that died) does not count.
     */
    @WithDefault("10s")
    Duration presenceHeartbeat();

    /** How often abandoned seeks and due challenges are expired. */
    @WithDefault("1s")
    Duration sweepEvery();

    /** The pairer's waves (also at once when a JoinPool makes a full group possible). */
    @WithDefault("2s")
    Duration pairingEvery();

    RatingGap ratingGap();

    AiFill aiFill();

    /** The rating gap a ticket accepts: base + step per step-every waited, at most max. */
    interface RatingGap {
        @WithDefault("100")
        int base();

        @WithDefault("50")
        int step();

        @WithDefault("10s")
        Duration stepEvery();

        @WithDefault("500")
        int max();
    }

    /** Tickets that allow AI fill and waited {@code after} get their missing seats filled by AIs of {@code level}. */
    interface AiFill {
        @WithDefault("30s")
        Duration after();

        /** 1 beginner … 5 max. */
        @WithDefault("3")
        int level();
    }
}
