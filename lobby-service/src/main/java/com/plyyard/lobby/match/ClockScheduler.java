package com.plyyard.lobby.match;

import com.plyyard.lobby.watch.WatchHub;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Flags fall on the server even when nobody moves: every {@code plyyard.lobby.clock-check-every} (250 ms)
 * the active matches whose deadline has passed are flagged, each in its own transaction under
 * {@code FOR UPDATE SKIP LOCKED}, so two lobby instances never flag the same match twice.
 *
 * <p>The clock check runs on its own timer thread: Quarkus's built-in {@code @Scheduled} ticks at most once a
 * second ("An every() value less than 1000 ms is not supported"), too coarse for a clock. {@code @Scheduled}
 * serves the slow safety job: every 5 s it wakes every local watcher, in case a NOTIFY was lost.
 */
@ApplicationScoped
public class ClockScheduler {
    private static final Logger LOG = Logger.getLogger(ClockScheduler.class);

    @Inject
    MatchLogic logic;

    @Inject
    WatchHub hub;

    @ConfigProperty(name = "plyyard.lobby.clock-check-every", defaultValue = "0.25s")
    String every;

    private ScheduledExecutorService timer;
    private long lastWarning;
    private volatile boolean paused;

    /** Holds the flag check (tests of ClaimTimeout; maintenance). Flags are checked again after resume(). */
    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
    }

    void onStart(@Observes StartupEvent event) {
        long millis = parse(every).toMillis();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lobby-clocks");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::checkClocks, 1000, Math.max(10, millis), TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void checkClocks() {
        if (paused) {
            return;
        }
        try {
            for (UUID id : logic.dueMatches(50)) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                try {
                    logic.flagIfDue(id);
                } catch (RuntimeException e) {
                    warn("could not flag match " + id + " now (will retry): " + e.getMessage());
                }
            }
        } catch (RuntimeException e) {
            warn("the clock check failed (will retry): " + e.getMessage());
        }
    }

    @Scheduled(every = "5s", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void safetyWake() {
        hub.signalAll();
    }

    private void warn(String message) {
        long now = System.currentTimeMillis();
        if (now - lastWarning > 10_000) { // at most one warning per 10 s while something is down
            lastWarning = now;
            LOG.warn(message);
        }
    }

    static Duration parse(String text) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).strip()));
        }
        if (t.endsWith("s")) {
            return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1).strip()) * 1000));
        }
        return Duration.ofMillis(Long.parseLong(t));
    }
}
