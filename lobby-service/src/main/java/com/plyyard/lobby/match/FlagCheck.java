package com.plyyard.lobby.match;

import com.plyyard.lobby.clock.ClockConfig;
import com.plyyard.lobby.common.PeriodicTask;
import com.plyyard.lobby.common.ThrottledLog;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Flags fall on the server even when nobody moves: every {@code plyyard.lobby.clock.check-every} (250 ms) the active
 * matches whose deadline has passed are flagged, each in its own transaction under {@code FOR UPDATE SKIP LOCKED}, so
 * two lobby instances never flag the same match twice.
 */
@ApplicationScoped
public class FlagCheck {
    private static final Logger LOG = Logger.getLogger(FlagCheck.class);

    @Inject
    MatchFlagging flagging;

    @Inject
    ClockConfig config;

    private final ThrottledLog warnings = new ThrottledLog(LOG);
    private final PeriodicTask task = new PeriodicTask("lobby-clocks", this::round, LOG);

    void onStart(@Observes StartupEvent event) {
        task.start(Duration.ofSeconds(1), config.checkEvery());
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        task.stop();
    }

    /** Holds the flag check (tests of ClaimTimeout; maintenance). Flags are checked again after {@link #resume()}. */
    public void pause() {
        task.pause();
    }

    public void resume() {
        task.resume();
    }

    /** One round of the flag check now, waiting for its end (tests that move the clock by hand). */
    public void checkNow() {
        task.runNow();
    }

    private void round() {
        for (UUID id : flagging.dueMatches(50)) {
            if (Thread.currentThread().isInterrupted() || task.paused()) {
                return;
            }
            try {
                flagging.flagIfDue(id);
            } catch (RuntimeException e) {
                warnings.warn("could not flag match " + id + " now (will retry): " + e.getMessage());
            }
        }
    }
}
