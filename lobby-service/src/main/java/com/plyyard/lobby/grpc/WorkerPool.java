package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.watch.EventPump;
import com.plyyard.lobby.watch.StreamSlots;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs the lobby's gRPC calls on its worker pool, never on the event loop: each takes the caller's token (from
 * {@link AuthInterceptor}) and answers exactly once, with a result or a status carrying a sentence
 * ({@link ErrorMapper}). A full queue answers RESOURCE_EXHAUSTED. The stream pumps run here too.
 */
@ApplicationScoped
public class WorkerPool {
    @Inject
    CallsConfig config;

    static final String BUSY = "The lobby is overloaded right now; try again in a moment.";
    /** The same sentence as the hashing threads' own refusal (players.PasswordHashing): to a client it is one thing. */
    static final String PASSWORDS_BUSY = "Too many sign-ins are being checked right now; try again in a moment.";

    private ThreadPoolExecutor pool;
    private ThreadPoolExecutor streamPool;
    private ThreadPoolExecutor passwordPool;
    /** Set when the lobby starts stopping: new calls are refused, those in flight finish and are answered. */
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    @Inject
    StreamSlots slots;

    @PostConstruct
    void init() {
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(config.workers(), config.workers(), 60, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(config.queue()), r -> {
                Thread t = new Thread(r, "lobby-worker-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        pool.allowCoreThreadTimeOut(true);
        AtomicInteger s = new AtomicInteger();
        streamPool = new ThreadPoolExecutor(config.streamWorkers(), config.streamWorkers(), 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "lobby-stream-" + s.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        streamPool.allowCoreThreadTimeOut(true);
        AtomicInteger a = new AtomicInteger();
        passwordPool = new ThreadPoolExecutor(config.passwordWorkers(), config.passwordWorkers(), 60, TimeUnit.SECONDS,
            // a queue, not a hand-off: a thread that has just answered is not yet back waiting, and the client's next
            // call must not be refused for that moment
            new java.util.concurrent.ArrayBlockingQueue<>(config.passwordWorkers()), r -> {
                Thread t = new Thread(r, "lobby-password-call-" + a.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        passwordPool.allowCoreThreadTimeOut(true);
    }

    /**
     * First of the stopping steps, while the HTTP server still serves (Quarkus' shutdown delay, before the server
     * closes): refuse new calls, let those in flight finish and answer (at most 10 s), and give the event loop a moment
     * to write the answers out. Without it a move could be stored and its answer lost with the connection, leaving its
     * client unsure.
     */
    void drainEarly(@Observes io.quarkus.runtime.ShutdownDelayInitiatedEvent event) {
        drain();
    }

    /** Too late to answer in-flight calls (the HTTP server has closed), but still refuses new work. */
    void drainLate(@Observes @jakarta.annotation.Priority(1) ShutdownEvent event) {
        drain();
    }

    private void drain() {
        if (draining.getAndSet(true)) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            pause(20);
        }
        pause(250);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        pause(250); // the streams' last statuses (ended just before) are written out
        pool.shutdown();
        streamPool.shutdown();
        passwordPool.shutdown();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
            streamPool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The caller's token on the calling (gRPC) thread; null for Register. */
    static String token() {
        return AuthInterceptor.TOKEN.get();
    }

    /** A unary call: the work gets the caller's token and returns the answer, or throws to refuse. */
    <R> void unary(String method, StreamObserver<R> out, Function<String, R> work) {
        unaryFrom(method, out, (token, address) -> work.apply(token));
    }

    /**
     * A unary call whose work also needs the client's address (sessions record it, sign-in limits count by it): the
     * work gets the token (null for the calls that need none) and the address.
     */
    <R> void unaryFrom(String method, StreamObserver<R> out, java.util.function.BiFunction<String, String, R> work) {
        unaryOn(pool, BUSY, method, out, work);
    }

    /**
     * A call that checks or makes a password hash, on threads of its own ({@link CallsConfig#passwordWorkers()}): it may
     * wait for the hashing threads for a while, and a storm of them must never hold the workers the moves need. All
     * busy and as many waiting: RESOURCE_EXHAUSTED at once.
     */
    <R> void passwordCall(String method, StreamObserver<R> out, java.util.function.BiFunction<String, String, R> work) {
        unaryOn(passwordPool, PASSWORDS_BUSY, method, out, work);
    }

    private <R> void unaryOn(ThreadPoolExecutor executor, String busy, String method, StreamObserver<R> out,
                             java.util.function.BiFunction<String, String, R> work) {
        String token = token();
        String address = AuthInterceptor.ADDRESS.get();
        inFlight.incrementAndGet();
        if (draining.get()) {
            inFlight.decrementAndGet();
            safeError(out, ErrorMapper.toStatus(LobbyException.unavailable("lobby-service is shutting down; nothing was done. "
                + "Try again in a moment (or on another instance)."), method));
            return;
        }
        boolean queued = execute(executor, busy, out, () -> {
            try {
                R result;
                try {
                    result = work.apply(token, address);
                } catch (Throwable t) {
                    safeError(out, ErrorMapper.toStatus(t, method));
                    return;
                }
                try {
                    out.onNext(result);
                    out.onCompleted();
                } catch (RuntimeException gone) {
                    // the client cancelled meanwhile
                }
            } finally {
                inFlight.decrementAndGet();
            }
        });
        if (!queued) {
            inFlight.decrementAndGet();
        }
    }

    /**
     * A server-streaming call that is not a watch stream (a game review): its setup runs on the pool with the caller's
     * token and hands the call to whatever sends on it; a throw refuses the call with its status.
     */
    void streamCall(String method, StreamObserver<?> out, Consumer<String> setup) {
        String token = token();
        if (draining.get()) {
            safeError(out, ErrorMapper.toStatus(LobbyException.unavailable("lobby-service is shutting down; nothing was "
                + "started. Try again in a moment (or on another instance)."), method));
            return;
        }
        execute(out, () -> {
            try {
                setup.accept(token);
            } catch (Throwable t) {
                safeError(out, ErrorMapper.toStatus(t, method));
            }
        });
    }

    /** What a watch stream's setup does with its slot: hands it to the stream it created ({@link StreamSlots#handTo}). */
    interface StreamSetup {
        void run(Consumer<EventPump<?>> handTo);
    }

    /**
     * A watch stream's setup, on the stream pool: a burst of thousands of watchers opening at once must neither fill
     * the calls' queue nor wait behind moves. Refused with RESOURCE_EXHAUSTED when the instance already serves (or sets
     * up) {@link CallsConfig#maxStreams()} streams; the slot is the stream's once the setup hands it over, and given
     * back here if the setup ends without a stream.
     */
    void openStream(StreamObserver<?> out, String method, StreamSetup setup) {
        if (draining.get()) {
            safeError(out, ErrorMapper.toStatus(LobbyException.unavailable("lobby-service is shutting down; reconnect in a "
                + "moment (or to another instance)."), method));
            return;
        }
        if (!slots.tryTake(config.maxStreams())) {
            safeError(out, ErrorMapper.toStatus(LobbyException.exhausted("This lobby instance serves its maximum of "
                + config.maxStreams() + " watch streams; try again later or on another instance."), method));
            return;
        }
        AtomicBoolean handed = new AtomicBoolean();
        streamPool.execute(() -> {
            try {
                setup.run(stream -> {
                    if (handed.compareAndSet(false, true)) {
                        slots.handTo(stream);
                    }
                });
            } finally {
                if (!handed.get()) {
                    slots.release();
                }
            }
        });
    }

    /** Runs work on the pool; a full queue answers RESOURCE_EXHAUSTED on {@code out} (and false). */
    boolean execute(StreamObserver<?> out, Runnable work) {
        return execute(pool, BUSY, out, work);
    }

    private boolean execute(ThreadPoolExecutor executor, String busy, StreamObserver<?> out, Runnable work) {
        try {
            executor.execute(work);
            return true;
        } catch (RejectedExecutionException e) {
            safeError(out, ErrorMapper.toStatus(LobbyException.exhausted(busy), "queue"));
            return false;
        }
    }

    /** The stream pumps' pool (see {@link CallsConfig#streamWorkers()}). */
    Executor streamExecutor() {
        return streamPool;
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
