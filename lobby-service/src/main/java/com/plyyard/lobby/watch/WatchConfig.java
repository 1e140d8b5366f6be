package com.plyyard.lobby.watch;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the watch streams treat their clients (docs/lobby.md, "WatchMatch"). */
@ConfigMapping(prefix = "plyyard.lobby.watch")
public interface WatchConfig {
    /** How long a watcher may take nothing while events wait before its stream is cut (it resumes from its cursor). */
    @WithDefault("30s")
    Duration slowClientCutoff();
}
