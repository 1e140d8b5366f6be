package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.PeriodicTask;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Matchmaking's housekeeping, every {@code plyyard.lobby.matchmaking.sweep-every} (1 s): seeks whose owner left the
 * lobby expire, challenges past their time expire, and this instance's lobby presence is refreshed (every heartbeat).
 * Everything it changes it locks with SKIP LOCKED, so every instance can sweep side by side.
 */
@ApplicationScoped
public class MatchmakingSweeper {
    private static final Logger LOG = Logger.getLogger(MatchmakingSweeper.class);

    @Inject
    Seeks seeks;

    @Inject
    Challenges challenges;

    @Inject
    LobbyPresence presence;

    @Inject
    MatchmakingConfig config;

    private final PeriodicTask task = new PeriodicTask("lobby-sweeper", this::sweep, LOG);
    private long lastHeartbeat;
    private volatile boolean heartbeatNow;

    void onStart(@Observes StartupEvent event) {
        task.start(config.sweepEvery(), config.sweepEvery());
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        task.stop();
    }

    /** Holds the sweeps (tests that look at an expiry before it is marked; maintenance) until {@link #resume()}. */
    public void pause() {
        task.pause();
    }

    public void resume() {
        task.resume();
    }

    /** One sweep now, waiting for its end (tests that move the clock by hand); also while paused. */
    public void sweepNow() {
        heartbeatNow = true;
        task.runNow();
    }

    private void sweep() {
        long now = System.currentTimeMillis();
        if (heartbeatNow || now - lastHeartbeat >= presence.heartbeat().toMillis()) {
            heartbeatNow = false;
            lastHeartbeat = now;
            presence.heartbeatNow();
        }
        seeks.expireAbandoned(config.seekGrace(), presence.stale());
        challenges.expireDue();
    }
}
