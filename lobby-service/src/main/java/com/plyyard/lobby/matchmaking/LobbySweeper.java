package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.watch.LobbyHub;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The lobby's housekeeping on its own timer thread, every {@code plyyard.lobby.sweep-every-millis} (1 s): seeks whose
 * owner left the lobby expire, challenges past their time expire, this instance's lobby presence is refreshed (every
 * heartbeat), and every 5 s all local WatchLobby streams are woken in case a NOTIFY was lost. Everything it changes it
 * locks with SKIP LOCKED, so every instance can sweep side by side.
 */
@ApplicationScoped
public class LobbySweeper {
    private static final Logger LOG = Logger.getLogger(LobbySweeper.class);

    @Inject
    Seeks seeks;

    @Inject
    Challenges challenges;

    @Inject
    LobbyPresence presence;

    @Inject
    LobbyHub hub;

    @ConfigProperty(name = "plyyard.lobby.sweep-every-millis", defaultValue = "1000")
    long everyMillis;

    @ConfigProperty(name = "plyyard.lobby.seek-grace-seconds", defaultValue = "30")
    double seekGraceSeconds;

    private ScheduledExecutorService thread;
    private long lastHeartbeat;
    private long lastWake;
    private long lastWarning;

    void onStart(@Observes StartupEvent event) {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lobby-sweeper");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(50, everyMillis);
        thread.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
            try {
                thread.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void sweep() {
        long now = System.currentTimeMillis();
        try {
            if (now - lastHeartbeat >= presence.heartbeatSeconds() * 1000L) {
                lastHeartbeat = now;
                presence.heartbeat();
            }
            seeks.expireAbandoned(seekGraceSeconds);
            challenges.expireDue();
        } catch (RuntimeException e) {
            if (now - lastWarning > 10_000) {
                lastWarning = now;
                LOG.warn("the lobby sweep failed (will retry): " + e);
            }
        }
        if (now - lastWake >= 5000) {
            lastWake = now;
            hub.signalAll();
        }
    }
}
