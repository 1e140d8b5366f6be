package com.plyyard.lobby.clock;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the server keeps the clocks. */
@ConfigMapping(prefix = "plyyard.lobby.clock")
public interface ClockConfig {
    /** How often the flag check looks for active matches whose running clock has run out. */
    @WithDefault("250ms")
    Duration checkEvery();
}
