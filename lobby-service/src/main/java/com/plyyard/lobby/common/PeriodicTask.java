package com.plyyard.lobby.common;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * A background job on its own daemon thread, run with a fixed delay between rounds: the lobby's sub-second timers
 * (the flag check, the matchmaking sweeper, the pairer). Quarkus's {@code @Scheduled} ticks at most once a second
 * ("An every() value less than 1000 ms is not supported"), too coarse for a clock.
 *
 * <p>One thread per task, so rounds of one task never overlap; {@link #runSoon} asks for an extra round at once
 * (serialised with the others). A round that throws is logged (throttled) and the task goes on. {@link #pause} holds
 * the rounds (tests, maintenance) until {@link #resume}.
 */
public final class PeriodicTask {
    private final String name;
    private final Runnable round;
    private final ThrottledLog log;
    private ScheduledExecutorService thread;
    private volatile boolean paused;

    /**
     * @param name  the thread's name, e.g. "lobby-clocks"; also names the task in warnings
     * @param round one round of the job
     */
    public PeriodicTask(String name, Runnable round, Logger log) {
        this.name = name;
        this.round = round;
        this.log = new ThrottledLog(log);
    }

    /** Starts the rounds: the first after {@code initialDelay}, then {@code every} after the end of each. */
    public synchronized void start(Duration initialDelay, Duration every) {
        if (thread != null) {
            throw new IllegalStateException(name + " is already running");
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(this::runRound, Math.max(0, initialDelay.toMillis()), Math.max(1, every.toMillis()),
            TimeUnit.MILLISECONDS);
    }

    /** An extra round as soon as the thread is free; ignored when stopped or not started. */
    public void runSoon() {
        ScheduledExecutorService t = thread;
        if (t == null) {
            return;
        }
        try {
            t.execute(this::runRound);
        } catch (RejectedExecutionException stopping) {
            // the task is stopping: no more rounds
        }
    }

    /** Runs {@code work} on the task's thread (serialised with its rounds), unless the task is stopped or paused. */
    public void runSoon(Runnable work) {
        ScheduledExecutorService t = thread;
        if (t == null) {
            return;
        }
        try {
            t.execute(() -> {
                if (!paused) {
                    guarded(work);
                }
            });
        } catch (RejectedExecutionException stopping) {
            // the task is stopping
        }
    }

    /**
     * One round now, on the task's thread (serialised with the others), and waits for its end: for tests that move the
     * clock by hand and then want the job done, and for operators. A round that throws is logged as any round.
     *
     * @throws IllegalStateException when the task is not running
     */
    public void runNow() {
        ScheduledExecutorService t = thread;
        if (t == null || t.isShutdown()) {
            throw new IllegalStateException(name + " is not running");
        }
        try {
            t.submit(() -> guarded(round)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + ": interrupted while waiting for a round", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(name + ": the round failed", e.getCause());
        }
    }

    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
    }

    public boolean paused() {
        return paused;
    }

    /** Stops the thread; a running round is interrupted and given up to five seconds. */
    public synchronized void stop() {
        if (thread == null) {
            return;
        }
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void runRound() {
        if (!paused) {
            guarded(round);
        }
    }

    private void guarded(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            log.warn(name + ": a round failed (will retry): " + e);
        }
    }
}
