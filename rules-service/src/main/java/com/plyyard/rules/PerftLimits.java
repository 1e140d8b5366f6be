package com.plyyard.rules;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The server's perft budget: time per request and how many run at once. */
@ApplicationScoped
public class PerftLimits {
    @ConfigProperty(name = "plyyard.rules.perft.max-millis", defaultValue = "20000")
    long maxMillis;

    /** Default: the number of available processors. */
    @ConfigProperty(name = "plyyard.rules.perft.max-concurrent")
    Optional<Integer> maxConcurrentSetting;

    private int maxConcurrent;
    private Semaphore permits;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicBoolean closing = new AtomicBoolean();

    /**
     * One running count. It holds the limits by value, so a count still running while the application shuts
     * down never touches the (then destroyed) bean again.
     */
    public final class Permit implements AutoCloseable {
        private final AtomicBoolean released = new AtomicBoolean();
        private final long maxMillis = PerftLimits.this.maxMillis;
        private final AtomicBoolean closingFlag = closing;

        public long maxMillis() {
            return maxMillis;
        }

        /** True once the server is shutting down: running counts stop. */
        public boolean serverClosing() {
            return closingFlag.get();
        }

        @Override
        public void close() {
            if (released.compareAndSet(false, true)) {
                running.decrementAndGet();
                permits.release();
            }
        }
    }

    @PostConstruct
    void init() {
        maxConcurrent = Math.max(1, maxConcurrentSetting.orElse(Runtime.getRuntime().availableProcessors()));
        permits = new Semaphore(maxConcurrent);
    }

    void onShutdown(@Observes ShutdownEvent event) {
        closing.set(true);
    }

    public long maxMillis() {
        return maxMillis;
    }

    public int maxConcurrent() {
        return maxConcurrent;
    }

    /** Perft counts running now. */
    public int running() {
        return running.get();
    }

    /** @return a permit, or empty when {@link #maxConcurrent()} counts are already running */
    Optional<Permit> tryAcquire() {
        if (!permits.tryAcquire()) {
            return Optional.empty();
        }
        running.incrementAndGet();
        return Optional.of(new Permit());
    }
}
