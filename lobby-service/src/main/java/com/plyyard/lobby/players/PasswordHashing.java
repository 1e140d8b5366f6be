package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * The lobby's password hashing, rationed: a hash is CPU work any client can ask for, so at most
 * {@link AccountsConfig#hashThreads()} run at once (one per processor by default) on threads of their own, at most
 * {@link AccountsConfig#hashQueue()} wait, and one more is refused RESOURCE_EXHAUSTED at once. The threads run at a
 * lower priority ({@link AccountsConfig#hashNice()}): on a busy machine a storm of sign-ins waits for the processors
 * and the games' moves do not (docs/benchmarks.md, "Sign-ins").
 *
 * <p>A sign-in for a name that does not exist checks its password against a stored dummy hash
 * ({@link #checkNoAccount}), so it costs the same time as a wrong password and no timing tells which names exist.
 */
@ApplicationScoped
public class PasswordHashing {
    private static final Logger LOG = Logger.getLogger(PasswordHashing.class);
    static final String BUSY = "Too many sign-ins are being checked right now; try again in a moment.";

    @Inject
    AccountsConfig config;

    @Inject
    MeterRegistry metrics;

    private PasswordHasher.Cost cost;
    private ThreadPoolExecutor pool;
    private String dummy;
    private final AtomicLong dummyChecks = new AtomicLong();
    private final AtomicBoolean niceFailed = new AtomicBoolean();
    private Timer hashTimer;
    private Timer checkTimer;

    @PostConstruct
    void init() {
        AccountsConfig.Argon2 a = config.argon2();
        cost = new PasswordHasher.Cost(a.memoryKib(), a.iterations(), a.parallelism());
        if (!cost.atLeast(PasswordHasher.Cost.OWASP_MINIMUM)) {
            throw new IllegalStateException("plyyard.lobby.accounts.argon2 (" + cost + ") is below OWASP's minimum for "
                + "Argon2id (" + PasswordHasher.Cost.OWASP_MINIMUM + "); raise it.");
        }
        int threads = config.hashThreads().orElse(Runtime.getRuntime().availableProcessors());
        if (threads < 1 || config.hashQueue() < 0 || config.hashNice() < 0 || config.hashNice() > 19) {
            throw new IllegalStateException("plyyard.lobby.accounts: hash-threads must be at least 1, hash-queue at least 0 "
                + "and hash-nice within 0..19.");
        }
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
            config.hashQueue() == 0 ? new java.util.concurrent.SynchronousQueue<>()
                : new ArrayBlockingQueue<>(config.hashQueue()), r -> {
                Thread t = new Thread(() -> {
                    lowerPriority();
                    r.run();
                }, "lobby-password-hash-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        hashTimer = Timer.builder("plyyard.lobby.password.hash").description("Argon2id hashes made (sign-up, new passwords)")
            .register(metrics);
        checkTimer = Timer.builder("plyyard.lobby.password.check").description("Argon2id hashes checked (sign-in, recovery, "
            + "current passwords; the dummy for unknown names included)").register(metrics);
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        dummy = PasswordHasher.hash(Base64.getEncoder().encodeToString(random), cost);
    }

    /** The threads start with the lobby, so the first sign-in does not pay for them. */
    void start(@Observes StartupEvent start) {
        pool.prestartAllCoreThreads();
    }

    void stop(@Observes ShutdownEvent stop) {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /** The cost new hashes are made with. */
    public PasswordHasher.Cost cost() {
        return cost;
    }

    /** A new hash of {@code password}. Blocking; RESOURCE_EXHAUSTED when every hashing place is taken. */
    public String hash(String password) {
        return run(() -> hashTimer.recordCallable(() -> PasswordHasher.hash(password, cost)));
    }

    /** Whether {@code password} matches {@code phc}. Blocking; RESOURCE_EXHAUSTED when every hashing place is taken. */
    public boolean check(String password, String phc) {
        return run(() -> checkTimer.recordCallable(() -> PasswordHasher.matches(password, phc)));
    }

    /**
     * For a name without an account (or without a password): the same work as {@link #check}, against the dummy hash,
     * so the answer comes after the same time; always false.
     */
    public boolean checkNoAccount(String password) {
        run(() -> checkTimer.recordCallable(() -> PasswordHasher.matches(password, dummy)));
        dummyChecks.incrementAndGet();
        return false;
    }

    /** How many dummy checks this instance has made (the test that unknown names cost a hash reads it). */
    public long dummyChecks() {
        return dummyChecks.get();
    }

    /** How many hashes run at this moment (0 before the start). */
    int hashesRunning() {
        return pool == null ? 0 : pool.getActiveCount();
    }

    private <T> T run(Callable<T> work) {
        Future<T> f;
        try {
            f = pool.submit(work);
        } catch (RejectedExecutionException e) {
            throw LobbyException.exhausted(BUSY);
        }
        try {
            return f.get();
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw LobbyException.unavailable("lobby-service is stopping; nothing was done.");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /**
     * Linux gives each thread its own niceness; Java has no call for it, so the thread names itself to {@code renice}
     * (found through /proc/thread-self). Elsewhere, or without renice, the hashes run at the normal priority (logged
     * once).
     */
    private void lowerPriority() {
        int nice = config.hashNice();
        if (nice == 0) {
            return;
        }
        try {
            Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            String tid = self.getFileName().toString();
            Process p = new ProcessBuilder("renice", "-n", Integer.toString(nice), "-p", tid).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("renice exited " + (p.isAlive() ? "late" : p.exitValue()));
            }
        } catch (Exception | LinkageError e) {
            if (niceFailed.compareAndSet(false, true)) {
                LOG.infof("password hashes run at the normal priority: their threads could not lower it (%s)", e.toString());
            }
        }
    }
}
