package com.plyyard.lobby.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A throw-away real PostgreSQL (zonky, fresh temporary data directory, any free port) for the tests. */
public final class EmbeddedPostgresProcess implements AutoCloseable {
    private EmbeddedPostgres pg;
    private final java.nio.file.Path dataDirectory;
    private final int port;

    private EmbeddedPostgresProcess(EmbeddedPostgres pg) {
        this(pg, null, pg.getPort());
    }

    private EmbeddedPostgresProcess(EmbeddedPostgres pg, java.nio.file.Path dataDirectory, int port) {
        this.pg = pg;
        this.dataDirectory = dataDirectory;
        this.port = port;
    }

    /**
     * A PostgreSQL that can be stopped and started again ({@link #stop()}, {@link #startAgain()}) on the same port with
     * the same data, as a server restart looks to its clients. fsync stays on: its data must survive.
     */
    public static EmbeddedPostgresProcess restartable() {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("plyyard-pg-restart");
            int port = Processes.freePort();
            return new EmbeddedPostgresProcess(build(dir, port), dir, port);
        } catch (IOException e) {
            throw new UncheckedIOException("the test PostgreSQL did not start: " + e.getMessage(), e);
        }
    }

    private static EmbeddedPostgres build(java.nio.file.Path dir, int port) throws IOException {
        return EmbeddedPostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).setPort(port).start();
    }

    /** Stops the server (a fast shutdown: sessions are ended, as in a restart by the operator). */
    public void stop() {
        try {
            pg.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server again on the same port and data (only for {@link #restartable()}). */
    public void startAgain() {
        if (dataDirectory == null) {
            throw new IllegalStateException("only a restartable() PostgreSQL starts again");
        }
        try {
            pg = build(dataDirectory, port);
        } catch (IOException e) {
            throw new UncheckedIOException("the test PostgreSQL did not start again: " + e.getMessage(), e);
        }
    }

    public static EmbeddedPostgresProcess start() {
        try {
            return new EmbeddedPostgresProcess(EmbeddedPostgres.builder().setServerConfig("fsync", "off").start());
        } catch (IOException e) {
            throw new UncheckedIOException("the test PostgreSQL did not start: " + e.getMessage(), e);
        }
    }

    /**
     * A PostgreSQL that also accepts TLS (ssl=on) with this certificate and key (PEM; the key readable by its owner
     * only); clients choose TLS with {@code sslmode} in their URL.
     */
    public static EmbeddedPostgresProcess startWithTls(java.nio.file.Path cert, java.nio.file.Path key) {
        try {
            return new EmbeddedPostgresProcess(EmbeddedPostgres.builder().setServerConfig("fsync", "off")
                .setServerConfig("ssl", "on")
                .setServerConfig("ssl_cert_file", cert.toAbsolutePath().toString())
                .setServerConfig("ssl_key_file", key.toAbsolutePath().toString())
                .start());
        } catch (IOException e) {
            throw new UncheckedIOException("the test PostgreSQL with TLS did not start: " + e.getMessage(), e);
        }
    }

    public String jdbcUrl() {
        return pg.getJdbcUrl("postgres", "postgres");
    }

    public String user() {
        return "postgres";
    }

    @Override
    public void close() {
        try {
            pg.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
