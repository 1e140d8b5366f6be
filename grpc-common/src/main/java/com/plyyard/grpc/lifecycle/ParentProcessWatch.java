package com.plyyard.grpc.lifecycle;

import java.time.Duration;
import java.util.Optional;

/**
 * Stops a service when the {@code ./plyyard up} that started it is gone, however it went: Ctrl-C and TERM are
 * handled by {@code up} itself, but after a SIGKILL, a crash or an OOM kill nothing else would stop its children, and
 * the next {@code up} would find them on its ports and its data directory. {@code up} names itself in the
 * environment variable {@value #VARIABLE}; a service started any other way (a container, a test, {@code java -jar})
 * has no such variable and is not watched.
 *
 * <p>A daemon thread asks every {@code every} whether that process is still alive, through a {@link ProcessHandle}
 * taken once at start (its start time guards against the pid being reused), and runs {@code stop} once when it is
 * not. The services pass a graceful exit, so the lobby still stops its embedded PostgreSQL.
 */
public final class ParentProcessWatch {
    public static final String VARIABLE = "PLYYARD_PARENT_PID";
    private static final System.Logger LOG = System.getLogger(ParentProcessWatch.class.getName());

    private ParentProcessWatch() {
    }

    /** Watches the process named by {@value #VARIABLE}, if any; the thread, or empty when there is nothing to watch. */
    public static Optional<Thread> startFromEnvironment(String service, Runnable stop) {
        String value = System.getenv(VARIABLE);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            LOG.log(System.Logger.Level.WARNING, VARIABLE + "=''{0}'' is not a process id; not watching a parent", value);
            return Optional.empty();
        }
        return Optional.of(watch(service, pid, Duration.ofMillis(500), stop));
    }

    /** Starts the watch of process {@code pid}; {@code stop} runs once, on the watch's thread, when it is gone. */
    public static Thread watch(String service, long pid, Duration every, Runnable stop) {
        Optional<ProcessHandle> parent = ProcessHandle.of(pid);
        Thread t = new Thread(() -> {
            while (parent.isPresent() && parent.get().isAlive()) {
                try {
                    Thread.sleep(every.toMillis());
                } catch (InterruptedException e) {
                    return; // the service is stopping anyway
                }
            }
            LOG.log(System.Logger.Level.WARNING, "{0}: the ./plyyard up that started it (pid {1}) is gone; stopping",
                service, Long.toString(pid));
            stop.run();
        }, "plyyard-parent-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
