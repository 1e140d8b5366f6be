package com.plyyard.client.platform;

import com.plyyard.client.CliException;
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
 * Service output goes to {@code .plyyard/logs/<service>.log}, not to the terminal.
 */
public final class Platform {
    private static final long STOP_GRACE_SECONDS = 20;

    private final Path home;
    private final List<ServiceSpec> services;
    private final PrintWriter out;
    private final PrintWriter err;
    private final ClientTls probe;
    private final List<Running> started = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean stopping = new AtomicBoolean();

    private record Running(ServiceSpec spec, Process process, Path log) {
    }

    public Platform(Path home, List<ServiceSpec> services, PrintWriter out, PrintWriter err) {
        this(home, services, out, err, ClientTls.PLAIN);
    }

    /** @param probe how the health checks reach the services: over TLS when they serve TLS */
    public Platform(Path home, List<ServiceSpec> services, PrintWriter out, PrintWriter err, ClientTls probe) {
        this.home = home;
        this.services = List.copyOf(services);
        this.out = out;
        this.err = err;
        this.probe = probe;
    }

    /** @return the exit code: 1 when a service could not start or died; otherwise runs until the JVM stops */
    public int run(int timeoutSeconds) {
        Thread hook = new Thread(this::stopAll, "plyyard-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        startAll(timeoutSeconds);
        Path logs = home.relativize(logDir());
        out.println("logs in " + logs + "/; press Ctrl-C to stop");
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

    private Path logDir() {
        return home.resolve(".plyyard").resolve("logs");
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
            process = pb.start();
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "could not start " + s.name() + ": " + e.getMessage());
        }
        Running running = new Running(s, process, log);
        started.add(running);
        out.print("starting " + s.name() + " ");
        out.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            if (!process.isAlive()) {
                out.println();
                out.flush();
                printLogTail(running);
                throw new CliException(CliException.FAILED, s.name() + " exited with code " + process.exitValue()
                    + " while starting; its log is " + home.relativize(log) + ".");
            }
            if (HealthProbe.serving(s.port(), s.healthService(), probe)) {
                break;
            }
            if (System.nanoTime() > deadline) {
                out.println();
                out.flush();
                throw new CliException(CliException.FAILED, s.name() + " did not report SERVING within " + timeoutSeconds
                    + " s; its log is " + home.relativize(log) + ".");
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
                    + "); its log is " + home.relativize(r.log()) + ".");
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
