package com.plyyard.lobby.embeddedpg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * A PostgreSQL left running on the data directory by a lobby-service that died without stopping it (SIGKILL, a crash,
 * an OOM kill): the embedded PostgreSQL is a daemon of its own, so it outlives its lobby, and the next start would
 * wait on "lock file postmaster.pid already exists" until it gave up. Before starting, the lobby looks at
 * {@code postmaster.pid}: a live postgres on this very directory, while no lobby holds zonky's {@code epg-lock} (a
 * file lock, released by the kernel when its process dies), is such an orphan, and is stopped the way PostgreSQL is
 * meant to be stopped — a fast shutdown (SIGINT: sessions end, the data is flushed), then an immediate one (SIGQUIT:
 * recovery at the next start) if it does not go in time. A lobby that is alive and holds the lock is never touched:
 * that is refused with a sentence instead.
 */
final class LeftoverPostmaster {
    private static final Logger LOG = Logger.getLogger(LeftoverPostmaster.class);
    static final String LOCK_FILE = "epg-lock";
    static final String PID_FILE = "postmaster.pid";

    private LeftoverPostmaster() {
    }

    /** What {@code postmaster.pid} says: the postmaster's pid and its data directory (its first two lines). */
    record PidFile(long pid, Path dataDir) {
        static Optional<PidFile> read(Path dataDir) {
            List<String> lines;
            try {
                lines = Files.readAllLines(dataDir.resolve(PID_FILE), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + dataDir.resolve(PID_FILE) + ": " + e.getMessage(), e);
            }
            if (lines.size() < 2) {
                return Optional.empty(); // being written, or damaged: PostgreSQL itself decides
            }
            try {
                return Optional.of(new PidFile(Long.parseLong(lines.get(0).strip()), Path.of(lines.get(1).strip())));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * Stops a postmaster left on {@code dataDir} by a lobby that is gone; returns whether there was one. Throws when a
     * live process holds the data directory's lock (another lobby-service uses it).
     */
    static boolean stopIfOrphaned(Path dataDir, Duration fastWait, Duration immediateWait) {
        Optional<PidFile> pidFile = PidFile.read(dataDir);
        if (pidFile.isEmpty()) {
            return false;
        }
        Optional<ProcessHandle> postmaster = ProcessHandle.of(pidFile.get().pid()).filter(ProcessHandle::isAlive);
        if (postmaster.isEmpty() || !isPostgresOn(postmaster.get(), dataDir)) {
            return false; // a stale file (the pid is gone or someone else's): PostgreSQL replaces it at start
        }
        if (lockHeldByAnotherProcess(dataDir)) {
            throw new IllegalStateException("The embedded PostgreSQL's data directory " + dataDir + " is in use by another "
                + "running lobby-service (its PostgreSQL is pid " + pidFile.get().pid() + "); stop that one first, or give "
                + "this one another PLYYARD_HOME.");
        }
        ProcessHandle p = postmaster.get();
        LOG.warnf("A PostgreSQL (pid %d) is still running on %s after its lobby-service stopped without stopping it (a "
            + "crash or a kill); stopping it (fast shutdown) before starting again", p.pid(), dataDir);
        long t0 = System.nanoTime();
        if (!signalAndWait(p, "INT", fastWait)) {
            LOG.warnf("PostgreSQL (pid %d) did not stop within %d s; immediate shutdown (it recovers at the next start)",
                p.pid(), fastWait.toSeconds());
            if (!signalAndWait(p, "QUIT", immediateWait)) {
                p.destroyForcibly();
                waitForExit(p, immediateWait);
            }
        }
        if (p.isAlive()) {
            throw new IllegalStateException("A PostgreSQL (pid " + p.pid() + ") left running on " + dataDir + " could not be "
                + "stopped; stop it by hand (kill " + p.pid() + ") and start again.");
        }
        LOG.infof("the leftover PostgreSQL (pid %d) stopped in %d ms", p.pid(), (System.nanoTime() - t0) / 1_000_000L);
        return true;
    }

    /** A postgres server whose working directory (the postmaster changes into its data directory) is {@code dataDir}. */
    static boolean isPostgresOn(ProcessHandle p, Path dataDir) {
        String command = p.info().command().orElse("");
        if (!Path.of(command).getFileName().toString().startsWith("postgres")) {
            return false;
        }
        try {
            Path cwd = Path.of("/proc", Long.toString(p.pid()), "cwd").toRealPath();
            return cwd.equals(dataDir.toRealPath());
        } catch (IOException e) {
            // no /proc (not Linux) or not ours to read: trust the command line's -D
            String args = String.join(" ", p.info().arguments().orElse(new String[0]));
            return args.contains("-D " + dataDir);
        }
    }

    /** zonky's lock on {@code epg-lock}: held means a live process (another lobby) owns this data directory. */
    static boolean lockHeldByAnotherProcess(Path dataDir) {
        Path lockFile = dataDir.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // this very JVM holds it
        } catch (IOException e) {
            return false; // cannot tell: zonky will say what is wrong
        }
    }

    private static boolean signalAndWait(ProcessHandle p, String signal, Duration wait) {
        try {
            // PostgreSQL's shutdown modes are signals; Java can send only TERM and KILL itself
            Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(p.pid()))
                .redirectErrorStream(true).start();
            kill.getInputStream().readAllBytes();
            kill.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            p.destroy(); // no kill(1): TERM, PostgreSQL's smart shutdown (its clients died with their lobby)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return waitForExit(p, wait);
    }

    private static boolean waitForExit(ProcessHandle p, Duration wait) {
        try {
            p.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !p.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        }
    }
}
