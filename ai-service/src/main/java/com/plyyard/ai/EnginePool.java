package com.plyyard.ai;

import com.plyyard.engine.search.Engine;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The engines and the concurrency limit. An {@link Engine} is not thread-safe, so every running search leases
 * one for itself; at most {@code plyyard.ai.max-concurrent} (default: the available processors) run at once,
 * and engines are created on first need (each with a {@code plyyard.ai.table-megabytes} table) and reused.
 */
@ApplicationScoped
public class EnginePool {
    @ConfigProperty(name = "plyyard.ai.max-concurrent")
    Optional<Integer> maxConcurrentSetting;

    @ConfigProperty(name = "plyyard.ai.table-megabytes", defaultValue = "32")
    int tableMegabytes;

    @Inject
    MeterRegistry metrics;

    private int maxConcurrent;
    private Semaphore permits;
    private final ConcurrentLinkedDeque<Engine> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicBoolean closing = new AtomicBoolean();

    /**
     * One running search and its engine. It holds what it needs by value, so a search still running while the
     * application shuts down never touches the (then destroyed) bean again.
     */
    public final class Lease implements AutoCloseable {
        private final Engine engine;
        private final AtomicBoolean released = new AtomicBoolean();
        private final AtomicBoolean closingFlag = closing;

        private Lease(Engine engine) {
            this.engine = engine;
        }

        public Engine engine() {
            return engine;
        }

        /** True once the server is shutting down: running searches stop. */
        public boolean serverClosing() {
            return closingFlag.get();
        }

        @Override
        public void close() {
            if (released.compareAndSet(false, true)) {
                idle.push(engine);
                running.decrementAndGet();
                permits.release();
            }
        }
    }

    @PostConstruct
    void init() {
        maxConcurrent = Math.max(1, maxConcurrentSetting.orElse(Runtime.getRuntime().availableProcessors()));
        permits = new Semaphore(maxConcurrent);
        metrics.gauge("plyyard.ai.searches.running", running);
        metrics.gauge("plyyard.ai.engines", created);
    }

    void onShutdown(@Observes ShutdownEvent event) {
        closing.set(true);
    }

    public int maxConcurrent() {
        return maxConcurrent;
    }

    /** Searches running now. */
    public int running() {
        return running.get();
    }

    /** @return a lease, or empty when {@link #maxConcurrent()} searches are already running */
    public Optional<Lease> tryAcquire() {
        if (!permits.tryAcquire()) {
            return Optional.empty();
        }
        running.incrementAndGet();
        Engine engine = idle.poll();
        if (engine == null) {
            try {
                engine = new Engine(tableMegabytes);
                created.incrementAndGet();
            } catch (RuntimeException | Error e) {
                running.decrementAndGet();
                permits.release();
                throw e;
            }
        }
        return Optional.of(new Lease(engine));
    }
}
