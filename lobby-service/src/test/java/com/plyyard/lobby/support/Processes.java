package com.plyyard.lobby.support;

import com.plyyard.grpc.testing.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Child processes of the tests: the packaged services, started with `java -jar`, stopped by their handle (the generic
 * pieces are grpc-common's {@link ServiceProcess}).
 */
public final class Processes {
    private Processes() {
    }

    public static int freePort() {
        return ServiceProcess.freePort();
    }

    /** The rules-service fast-jar, or a failure that says how to build it. */
    public static Path rulesJar() {
        String configured = System.getProperty("plyyard.rules.jar");
        Path jar = configured != null ? Path.of(configured)
            : Path.of("..", "rules-service", "target", "quarkus-app", "quarkus-run.jar");
        jar = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The lobby tests run the real rules-service, but " + jar + " is missing; build it "
                + "first with: ./mvnw -DskipTests package -pl rules-service -am (a full ./mvnw verify builds it before lobby-service).");
        }
        return jar;
    }

    /** The ai-service fast-jar, or a failure that says how to build it. */
    public static Path aiJar() {
        String configured = System.getProperty("plyyard.ai.jar");
        Path jar = configured != null ? Path.of(configured)
            : Path.of("..", "ai-service", "target", "quarkus-app", "quarkus-run.jar");
        jar = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The lobby tests run the real ai-service for the AI seats, but " + jar + " is missing; "
                + "build it first with: ./mvnw -DskipTests package -pl ai-service -am (a full ./mvnw verify builds it before "
                + "lobby-service).");
        }
        return jar;
    }

    /** Stops the child process of this JVM that serves the port (a service a test started), by its pid. */
    public static void stopChildOnPort(int port) {
        ProcessHandle child = ProcessHandle.current().children()
            .filter(h -> (h.info().commandLine().orElse("") + " ").contains(" -Dquarkus.http.port=" + port + " "))
            .findFirst().orElseThrow(() -> new IllegalStateException("no child process serves port " + port));
        child.destroy();
        child.onExit().orTimeout(20, TimeUnit.SECONDS).join();
    }

    /** Starts {@code java [props] -jar jar} with the environment, output to the log file. */
    public static Process startJar(Path jar, List<String> systemProps, Map<String, String> env, Path log) {
        return ServiceProcess.startJar(jar, systemProps, env, log);
    }

    /** Waits until GET http://localhost:port/q/health/ready answers 200, or fails naming the log. */
    public static void awaitReady(Process p, int port, Duration max, Path log) {
        awaitHealth(p, port, "ready", max, log, null);
    }

    /** Waits until GET /q/health/ready answers 200, over https with this trust when {@code tls} is not null. */
    public static void awaitReady(Process p, int port, Duration max, Path log, javax.net.ssl.SSLContext tls) {
        awaitHealth(p, port, "ready", max, log, tls);
    }

    /**
     * Waits until GET /q/health/{@code which} (live, ready) answers 200, over https with this trust when {@code tls} is
     * not null (a service started with TLS), or fails naming the log. The lobby is awaited live, not ready: its
     * readiness follows rules-service and ai-service, which several tests leave out on purpose.
     */
    public static void awaitHealth(Process p, int port, String which, Duration max, Path log, javax.net.ssl.SSLContext tls) {
        ServiceProcess.awaitHealth(p, port, which, max, log, tls);
    }

    /** SIGTERM, then a forced kill after the grace period. */
    public static void stop(Process p, Duration grace) {
        ServiceProcess.stop(p, grace);
    }

    public static String tail(Path log) {
        return ServiceProcess.tail(log);
    }

    public static void sleep(long millis) {
        ServiceProcess.sleep(millis);
    }
}
