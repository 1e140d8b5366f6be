package com.plyyard.lobby.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the lobby's gRPC calls on its worker pool, never on the event loop: each takes the caller's token
 * (from {@link AuthInterceptor}) and answers exactly once, with a result or a status carrying a sentence. A
 * full queue answers RESOURCE_EXHAUSTED.
 */
@ApplicationScoped
public class Calls {
    @ConfigProperty(name = "plyyard.lobby.workers", defaultValue = "16")
    int workers;

    @ConfigProperty(name = "plyyard.lobby.queue", defaultValue = "1000")
    int queue;

    private ThreadPoolExecutor pool;

    @PostConstruct
    void init() {
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(workers, workers, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue), r -> {
            Thread t = new Thread(r, "lobby-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
    }

    void onStop(@Observes ShutdownEvent event) {
        pool.shutdown();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The caller's token on the calling (gRPC) thread; null for Register. */
    public static String token() {
        return AuthInterceptor.TOKEN.get();
    }

    public <R> void unary(String method, StreamObserver<R> out, Function<String, R> work) {
        String token = token();
        execute(out, () -> {
            R result;
            try {
                result = work.apply(token);
            } catch (Throwable t) {
                safeError(out, LobbyErrors.toStatus(t, method));
                return;
            }
            try {
                out.onNext(result);
                out.onCompleted();
            } catch (RuntimeException gone) {
                // the client cancelled meanwhile
            }
        });
    }

    /** Runs work on the pool; a full queue answers RESOURCE_EXHAUSTED on {@code out}. */
    public void execute(StreamObserver<?> out, Runnable work) {
        try {
            pool.execute(work);
        } catch (RejectedExecutionException e) {
            safeError(out, LobbyErrors.exhausted("The lobby is overloaded right now; try again in a moment."));
        }
    }

    /** The worker pool itself (stream pumps); execute throws RejectedExecutionException when it is full. */
    public java.util.concurrent.Executor executor() {
        return pool;
    }

    /** Runs background work (stream pumps); false when the pool refused it. */
    public boolean tryExecute(Runnable work) {
        try {
            pool.execute(work);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    static void safeError(StreamObserver<?> out, Throwable status) {
        try {
            if (out instanceof ServerCallStreamObserver<?> s && s.isCancelled()) {
                return;
            }
            out.onError(status);
        } catch (RuntimeException ignored) {
            // already closed
        }
    }
}
