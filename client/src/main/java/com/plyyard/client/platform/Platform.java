package com.plyyard.client.platform;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.ClientTls;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the platform's services as child processes: checks their ports, starts them in order, waits for
 * gRPC health SERVING, then stays until Ctrl-C (a shutdown hook stops the children) or until one dies.
 * Service output goes to {@code logs/<service>.log} in the Ply Yard home ({@code $PLYYARD_HOME}, default
 * {@code ~/.plyyard}), not to the terminal. Each service is told this process's pid ({@code PLYYARD_PARENT_PID}) and
 * stops by itself when it is gone; {@link RunRecord} lets the next {@code up} wait for them after a SIGKILL.
 */
public final class Platform {
    private static final long STOP_GRACE_SECONDS = 20;

    private final Path home;
    private final Path stateDir;
    private final List<ServiceSpec> services;
    private final PrintWriter out;
    private final PrintWriter err;
    private final ClientTls probe;
    private final List<Running> started = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean stopping = new AtomicBoolean();
    private volatile RunRecord record; // only for run(): tests that call startAll() leave no record

    private record Running(ServiceSpec spec, Process process, Path log) {
    }

    public Platform(Path home, List<ServiceSpec> services, PrintWriter out, PrintWriter err) {
        this(home, services, out, err, ClientTls.PLAIN);
    }

    /** @param probe how the health checks reach the services: over TLS when they serve TLS */
    public Platform(Path home, List<ServiceSpec> services, PrintWriter out, PrintWriter err, ClientTls probe) {
        this(home, home.resolve(".plyyard"), services, out, err, probe);
    }

    /**
     * @param home     the working directory of the services (the repository)
     * @param stateDir the Ply Yard home: the services' logs ({@code logs/}) and {@code up}'s {@link RunRecord}
     * @param probe    how the health checks reach the services: over TLS when they serve TLS
     */
    public Platform(Path home, Path stateDir, List<ServiceSpec> services, PrintWriter out, PrintWriter err,
                    ClientTls probe) {
        this.home = home;
        this.stateDir = stateDir;
        this.services = List.copyOf(services);
        this.out = out;
        this.err = err;
        this.probe = probe;
    }

    /** @return the exit code: 1 when a service could not start or died; otherwise runs until the JVM stops */
    public int run(int timeoutSeconds) {
        Thread hook = new Thread(this::stopAll, "plyyard-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        record = new RunRecord(stateDir);
        record.write(List.of());
        startAll(timeoutSeconds);
        out.println("logs in " + shown(logDir()) + "/; press Ctrl-C to stop");
        out.flush();
        return waitForExit();
    }

    /**
     * Starts every service in order and waits until each is healthy; on failure stops what started and
     * throws. (Tests start a platform this way and stop it with {@link #stopAll()}.)
     */
    public void startAll(int timeoutSeconds) {
        for (ServiceSpec s : services) {
            checkBuilt(s);
            checkPort(s);
        }
        try {
            for (ServiceSpec s : services) {
                start(s, timeoutSeconds);
            }
        } catch (CliException e) {
            stopAll();
            throw e;
        }
    }

    /**
     * After an {@code up} that was killed (SIGKILL, a crash): waits for the services it left to stop by themselves,
     * or stops them, so that their ports and the database are free again. Nothing while that {@code up} still runs.
     */
    public void stopLeftovers() {
        new RunRecord(stateDir).stopLeftovers(out, java.time.Duration.ofSeconds(STOP_GRACE_SECONDS),
            java.time.Duration.ofSeconds(STOP_GRACE_SECONDS));
    }

    /** Fails with "already running" when any service answers on its port (before touching its data). */
    public void refuseIfRunning() {
        for (ServiceSpec s : services) {
            checkPort(s);
        }
    }

    private void checkBuilt(ServiceSpec s) {
        if (!Files.isRegularFile(s.jar())) {
            throw new CliException(CliException.FAILED, s.name() + " is not built (" + s.jar()
                + " is missing); build it with ./mvnw -DskipTests package.");
        }
    }

    private void checkPort(ServiceSpec s) {
        switch (HealthProbe.portState(s.port(), s.healthService(), probe)) {
            case FREE -> {
            }
            case OURS -> throw new CliException(CliException.FAILED,
                "Ply Yard is already running (" + s.name() + " on localhost:" + s.port() + ")", false);
            case OTHER -> throw new CliException(CliException.FAILED, "port " + s.port() + " on localhost is taken by "
                + "another program (it is not a Ply Yard " + s.name() + "); stop that program or start " + s.name()
                + " on another port with " + s.portVariable() + "=<port>.");
        }
    }

    public Path logDir() {
        return stateDir.resolve("logs");
    }

    /** A path as the user reads it: under the home directory as {@code ~/…}, otherwise absolute. */
    static String shown(Path p) {
        Path userHome = Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(userHome) && !abs.equals(userHome) ? "~/" + userHome.relativize(abs) : abs.toString();
    }

    private void writeRecord() {
        RunRecord r = record;
        if (r == null) {
            return;
        }
        List<RunRecord.Entry> entries = new ArrayList<>();
        synchronized (started) {
            for (Running s : started) {
                entries.add(RunRecord.Entry.of(s.spec().name(), s.process().toHandle()));
            }
        }
        r.write(entries);
    }

    private void start(ServiceSpec s, int timeoutSeconds) {
        Path log = logDir().resolve(s.name() + ".log");
        Process process;
        try {
            Files.createDirectories(log.getParent());
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            ProcessBuilder pb = new ProcessBuilder(java.toString(), "-jar", s.jar().toString())
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().putAll(s.env());
            pb.environment().put(s.portVariable(), Integer.toString(s.port()));
            // the service stops by itself when this process is gone (grpc-common's ParentProcessWatch)
            pb.environment().put("PLYYARD_PARENT_PID", Long.toString(ProcessHandle.current().pid()));
            process = pb.start();
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "could not start " + s.name() + ": " + e.getMessage());
        }
        Running running = new Running(s, process, log);
        started.add(running);
        writeRecord();
        out.print("starting " + s.name() + " ");
        out.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            if (!process.isAlive()) {
                out.println();
                out.flush();
                printLogTail(running);
                throw new CliException(CliException.FAILED, s.name() + " exited with code " + process.exitValue()
                    + " while starting; its log is " + shown(log) + ".");
            }
            if (HealthProbe.serving(s.port(), s.healthService(), probe)) {
                break;
            }
            if (System.nanoTime() > deadline) {
                out.println();
                out.flush();
                printLogTail(running);
                throw new CliException(CliException.FAILED, s.name() + " did not report SERVING within " + timeoutSeconds
                    + " s; its log is " + shown(log) + ".");
            }
            out.print(".");
            out.flush();
            sleep(500);
        }
        out.println();
        out.println(s.name() + "  grpc://localhost:" + s.port() + "  ready");
        if (s.name().equals("lobby-service")) {
            // the lobby serves the browser client on the same port (gRPC-Web)
            out.println("web client  " + (probe.enabled() ? "https" : "http") + "://localhost:" + s.port() + "/");
        }
        out.flush();
    }

    private int waitForExit() {
        List<CompletableFuture<Process>> exits = new ArrayList<>();
        for (Running r : started) {
            exits.add(r.process().onExit());
        }
        CompletableFuture.anyOf(exits.toArray(CompletableFuture[]::new)).join();
        if (stopping.get()) {
            sleepForever(); // Ctrl-C: the shutdown hook is stopping everything and the JVM halts after it
        }
        for (Running r : started) {
            if (!r.process().isAlive()) {
                err.println("plyyard: " + r.spec().name() + " stopped unexpectedly (exit code " + r.process().exitValue()
                    + "); its log is " + shown(r.log()) + ".");
                err.flush();
                break;
            }
        }
        stopAll();
        return CliException.FAILED;
    }

    /** Stops the started services in reverse order: SIGTERM, then a forced kill after a grace period. */
    public void stopAll() {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        List<Running> reversed;
        synchronized (started) {
            reversed = new ArrayList<>(started);
        }
        Collections.reverse(reversed);
        for (Running r : reversed) {
            Process p = r.process();
            if (!p.isAlive()) {
                continue;
            }
            out.println("stopping " + r.spec().name());
            out.flush();
            p.destroy();
            try {
                if (!p.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            out.println(r.spec().name() + " stopped");
            out.flush();
        }
        RunRecord r = record;
        if (r != null) {
            r.delete();
        }
    }

    private void printLogTail(Running r) {
        try {
            List<String> lines = Files.readAllLines(r.log(), StandardCharsets.UTF_8);
            for (String line : lines.subList(Math.max(0, lines.size() - 20), lines.size())) {
                err.println("  | " + line);
            }
            err.flush();
        } catch (IOException ignored) {
            // the sentence below names the log anyway
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(CliException.FAILED, "interrupted");
        }
    }

    private static void sleepForever() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
                // keep waiting for the JVM to halt
            }
        }
    }
}
