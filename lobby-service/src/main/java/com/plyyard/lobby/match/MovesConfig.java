package com.plyyard.lobby.match;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How moves are written (docs/scaling.md, "The batching writer"). */
@ConfigMapping(prefix = "plyyard.lobby.moves")
public interface MovesConfig {
    /** Moves per statement at most: a bound on the statement's size, far above what one commit's wait gathers. */
    @WithDefault("64")
    int batchMax();

    /** Batches written at once: one gathers the most moves per commit; more overlap the round trips. */
    @WithDefault("1")
    int writers();
}
