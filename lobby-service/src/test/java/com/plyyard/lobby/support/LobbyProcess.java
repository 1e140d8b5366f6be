package com.plyyard.lobby.support;

import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.TlsChannelCredentials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The packaged lobby-service (target/quarkus-app) as a child process, profile prod, on an external PostgreSQL. */
public final class LobbyProcess implements AutoCloseable {
    private final int port;
    private final Process process;
    private final Path log;
    private final Path trust;
    private ManagedChannel channel;

    private LobbyProcess(int port, Process process, Path log, Path trust) {
        this.port = port;
        this.process = process;
        this.log = log;
        this.trust = trust;
    }

    public static Path jar() {
        Path jar = Path.of(System.getProperty("plyyard.lobby.jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: the integration tests run the packaged lobby; "
                + "run them with ./mvnw verify (package comes first).");
        }
        return jar;
    }

    /** A lobby whose ai-service address leads nowhere (a free port): for tests without AI seats. */
    public static LobbyProcess start(int port, EmbeddedPostgresProcess pg, int rulesPort, String name) {
        return start(port, pg, rulesPort, Processes.freePort(), Map.of(), name);
    }

    /** @param env further environment, e.g. PLYYARD_LOBBY_AI_SCAN_GRACE=1s */
    public static LobbyProcess start(int port, EmbeddedPostgresProcess pg, int rulesPort, int aiPort, Map<String, String> env,
                                     String name) {
        return start(port, pg, rulesPort, aiPort, env, Map.of(), name, null);
    }

    /**
     * @param env       further environment, e.g. TLS_CERT and TLS_KEY
     * @param overrides replace the settings this class makes (e.g. a DB_URL with TLS parameters)
     * @param trust     for a lobby serving TLS: the PEM file its clients trust (readiness over https, {@link #channel()}
     *                  over TLS); null for plain text
     */
    public static LobbyProcess start(int port, EmbeddedPostgresProcess pg, int rulesPort, int aiPort, Map<String, String> env,
                                     Map<String, String> overrides, String name, Path trust) {
        Path log = Path.of("target", "it-logs", name + ".log").toAbsolutePath();
        Map<String, String> all = new java.util.HashMap<>();
        // the puzzle sets load on the first puzzle call, not at every test lobby's start (env may turn it back on)
        all.put("PLYYARD_LOBBY_PUZZLES_LOAD_AT_START", "false");
        all.putAll(env);
        all.putAll(Map.of(
            "QUARKUS_PROFILE", "prod",
            "LOBBY_PORT", Integer.toString(port),
            "DB_URL", pg.jdbcUrl(),
            "DB_USER", pg.user(),
            "DB_PASSWORD", "it-password", // profile prod needs one; the test PostgreSQL trusts localhost and ignores it
            "RULES_HOST", "localhost",
            "RULES_PORT", Integer.toString(rulesPort),
            "AI_HOST", "localhost",
            "AI_PORT", Integer.toString(aiPort)));
        all.putAll(overrides);
        Process p = Processes.startJar(jar(), List.of(), all, log);
        Processes.awaitHealth(p, port, "live", Duration.ofSeconds(90), log,
            trust == null ? null : com.plyyard.grpc.testing.TestCertificates.trusting(trust));
        return new LobbyProcess(port, p, log, trust);
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public synchronized ManagedChannel channel() {
        if (channel == null) {
            if (trust == null) {
                channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
            } else {
                try {
                    channel = Grpc.newChannelBuilderForAddress("localhost", port,
                        TlsChannelCredentials.newBuilder().trustManager(trust.toFile()).build()).build();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
        return channel;
    }

    /** SIGTERM and wait: a clean stop. */
    public void stop() {
        if (channel != null) {
            channel.shutdownNow();
            try {
                channel.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel = null;
        }
        Processes.stop(process, Duration.ofSeconds(30));
    }

    /** SIGTERM while the clients' channel stays open (as other clients' would), and wait; then close the channel. */
    public void terminate() {
        Processes.stop(process, Duration.ofSeconds(30));
        stop();
    }

    /** SIGKILL, as a crash: no shutdown hook runs, nothing is flushed or handed back. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (channel != null) {
            channel.shutdownNow();
            channel = null;
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    public int exitValue() {
        return process.exitValue();
    }

    @Override
    public void close() {
        stop();
    }
}
