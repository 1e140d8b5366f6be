package com.plyyard.client.platform;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code up.pid} in the Ply Yard home: which {@code up} runs and which services it started, each as a pid and the
 * process's start time (so a pid the system has since given to another program is never taken for ours). Written
 * while {@code up} starts its services and removed when it stops them. A file still there at the next {@code up}
 * whose {@code up} is gone means that one was killed (SIGKILL, a crash, a closed terminal): its services then stop by
 * themselves (they watch their parent), and {@link #stopLeftovers} waits for them, or stops those that do not.
 *
 * <p>One line per process: {@code <name> <pid> <start instant>}, the first one named {@code up}.
 */
public final class RunRecord {
    static final String FILE = "up.pid";

    /** One process: its name ("up" or a service's), pid and start instant (null when the system does not say). */
    public record Entry(String name, long pid, Instant start) {
        static Entry of(String name, ProcessHandle p) {
            return new Entry(name, p.pid(), p.info().startInstant().orElse(null));
        }

        String line() {
            return name + " " + pid + " " + (start == null ? "-" : start.toString());
        }

        static Optional<Entry> parse(String line) {
            String[] w = line.strip().split("\\s+");
            if (w.length != 3) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Entry(w[0], Long.parseLong(w[1]), w[2].equals("-") ? null : Instant.parse(w[2])));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }

        /** The same process, still running: same pid and same start time. */
        Optional<ProcessHandle> alive() {
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> start != null && start.equals(p.info().startInstant().orElse(null)));
        }
    }

    private final Path file;

    public RunRecord(Path stateDir) {
        this.file = stateDir.resolve(FILE);
    }

    public Path file() {
        return file;
    }

    /** Writes the record: this process as {@code up}, then the services started so far. */
    public void write(List<Entry> services) {
        List<String> lines = new ArrayList<>();
        lines.add(Entry.of("up", ProcessHandle.current()).line());
        services.forEach(s -> lines.add(s.line()));
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(FILE + ".tmp");
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale record is harmless: the next up finds its processes gone
        }
    }

    /** The entries of the file; empty when there is none (or it is unreadable: then nothing is ours to stop). */
    public List<Entry> read() {
        try {
            List<Entry> entries = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Entry.parse(line).ifPresent(entries::add);
            }
            return entries;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * When the recorded {@code up} is gone but services it started still run, waits up to {@code exitWait} for them to
     * stop by themselves, then stops them (TERM, and KILL after {@code stopGrace}); returns how many were left.
     * Does nothing while the recorded {@code up} still runs (the port checks then say it is running).
     */
    public int stopLeftovers(PrintWriter out, Duration exitWait, Duration stopGrace) {
        List<Entry> entries = read();
        if (entries.isEmpty()) {
            return 0;
        }
        Entry up = entries.get(0);
        if (up.name().equals("up") && up.alive().isPresent()) {
            return 0;
        }
        int left = 0;
        for (Entry e : entries.subList(1, entries.size())) {
            Optional<ProcessHandle> p = e.alive();
            if (p.isEmpty()) {
                continue;
            }
            left++;
            out.println("a previous ./plyyard up (pid " + up.pid() + ") was stopped without stopping its services; "
                + "waiting for " + e.name() + " (pid " + e.pid() + ") to stop");
            out.flush();
            if (!waitForExit(p.get(), exitWait)) {
                p.get().destroy();
                if (!waitForExit(p.get(), stopGrace)) {
                    p.get().destroyForcibly();
                    waitForExit(p.get(), Duration.ofSeconds(10));
                }
            }
        }
        delete();
        return left;
    }

    private static boolean waitForExit(ProcessHandle p, Duration max) {
        try {
            p.onExit().get(max.toMillis(), TimeUnit.MILLISECONDS);
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
