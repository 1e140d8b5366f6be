package com.plyyard.grpc.testing;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * A packaged service (its Quarkus fast-jar, {@code target/quarkus-app/quarkus-run.jar}) run by a test as a child process
 * with {@code java -jar} on a free port, its output in a log file, and a plain-text gRPC channel to it. The static
 * helpers are the pieces: a free port, starting a jar, waiting for readiness, stopping, the log's tail.
 */
public final class ServiceProcess implements AutoCloseable {
    private final String name;
    private final int port;
    private final Process process;
    private final Path log;
    private ManagedChannel channel;

    private ServiceProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java [systemProps] -Dquarkus.http.port=PORT -jar jar} with the environment and waits until
     * {@code /q/health/ready} answers 200.
     *
     * @param logDir the log is {@code logDir/name.log}
     */
    public static ServiceProcess start(String name, Path jar, int port, List<String> systemProps, Map<String, String> env,
                                       Path logDir, Duration ready) {
        Path log = logDir.resolve(name + ".log").toAbsolutePath();
        List<String> props = new ArrayList<>(systemProps);
        props.add("-Dquarkus.http.port=" + port);
        Process p = startJar(jar, props, env, log);
        try {
            awaitReady(p, port, ready, log);
        } catch (RuntimeException e) {
            stop(p, Duration.ofSeconds(5));
            throw e;
        }
        return new ServiceProcess(name, port, p, log);
    }

    /**
     * The packaged jar named by the system property, else {@code fallback}; a failure that says how to build it when it is
     * missing.
     */
    public static Path jar(String systemProperty, Path fallback, String module) {
        String configured = System.getProperty(systemProperty);
        Path jar = (configured != null ? Path.of(configured) : fallback).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: these tests run the packaged " + module + "; build it with "
                + "./mvnw -DskipTests package -pl " + module + " -am (./mvnw verify packages before the integration tests).");
        }
        return jar;
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public boolean alive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    public synchronized ManagedChannel channel() {
        if (channel == null) {
            channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        }
        return channel;
    }

    /** The last lines of the log. */
    public String tail() {
        return tail(log);
    }

    /** Closes the channel, then SIGTERM and a forced kill after 20 s. */
    public synchronized void stop() {
        if (channel != null) {
            channel.shutdownNow();
            try {
                channel.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel = null;
        }
        stop(process, Duration.ofSeconds(20));
    }

    @Override
    public void close() {
        stop();
    }

    // ---- the pieces

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Starts {@code java -Xmx256m [systemProps] -jar jar} with the environment, output to the log file. */
    public static Process startJar(Path jar, List<String> systemProps, Map<String, String> env, Path log) {
        try {
            Files.createDirectories(log.getParent());
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            cmd.add("-Xmx256m");
            cmd.addAll(systemProps);
            cmd.add("-jar");
            cmd.add(jar.toString());
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().putAll(env);
            return pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + jar + ": " + e.getMessage(), e);
        }
    }

    /** Waits until GET http://localhost:port/q/health/ready answers 200, or fails with the log's tail. */
    public static void awaitReady(Process p, int port, Duration max, Path log) {
        awaitHealth(p, port, "ready", max, log, null);
    }

    /**
     * Waits until GET /q/health/{@code which} (live, ready) answers 200, over https with this trust when {@code tls} is
     * not null (a service started with TLS), or fails with the log's tail.
     */
    public static void awaitHealth(Process p, int port, String which, Duration max, Path log, SSLContext tls) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1));
        if (tls != null) {
            builder.sslContext(tls);
        }
        HttpClient http = builder.build();
        URI health = URI.create((tls == null ? "http" : "https") + "://localhost:" + port + "/q/health/" + which);
        long deadline = System.nanoTime() + max.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("the process exited with " + p.exitValue() + " while starting; log: " + log
                    + "\n" + tail(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not up yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(200);
        }
        throw new IllegalStateException("not " + which + " within " + max.toSeconds() + " s; log: " + log + "\n" + tail(log));
    }

    /** SIGTERM, then a forced kill after the grace period. */
    public static void stop(Process p, Duration grace) {
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
