package com.plyyard.lobby.match;

import com.plyyard.lobby.clock.ClockConfig;
import com.plyyard.lobby.common.Batches;
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

    static final int BATCH = 50;

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

    /**
     * Rounds of the flag check now, until no match is due or {@code within} has passed, waiting for their end: for tests
     * that move the clock by hand (a round skips a match another transaction holds; the next one flags it).
     *
     * @return true when no match is due any more
     */
    public boolean checkNow(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        do {
            task.runNow();
            if (flagging.dueMatches(1).isEmpty()) {
                return true;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < deadline);
        return false;
    }

    /** {@link #checkNow(Duration)} within 5 s, failing when a match is still due. */
    public void checkNow() {
        if (!checkNow(Duration.ofSeconds(5))) {
            throw new IllegalStateException("matches are still due after 5 s of flag checks: " + flagging.dueMatches(5));
        }
    }

    /** Flags every match due now, in batches of {@value #BATCH} ({@link Batches}). */
    private void round() {
        Batches.drain(BATCH, flagging::dueMatches, id -> {
            if (task.paused()) {
                return false;
            }
            try {
                return flagging.flagIfDue(id);
            } catch (RuntimeException e) {
                warnings.warn("could not flag match " + id + " now (will retry): " + e.getMessage());
                return false;
            }
        });
    }
}
