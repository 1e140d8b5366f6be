package com.plyyard.lobby.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A throw-away real PostgreSQL (zonky, fresh temporary data directory, any free port) for the tests. Each starts on a
 * copy of one cluster that initdb made once per test JVM ({@link TemplateCluster}): a copy and a start take about
 * 0.2 s where initdb and a start took 1.4 s, for each of the dozen servers a module's tests start.
 */
public final class EmbeddedPostgresProcess implements AutoCloseable {
    private EmbeddedPostgres pg;
    private final java.nio.file.Path dataDirectory;
    /** The data directory this object made and removes on {@link #close()}. */
    private java.nio.file.Path ownedDirectory;
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
            java.nio.file.Path dir = TemplateCluster.copy();
            int port = Processes.freePort();
            EmbeddedPostgresProcess process = new EmbeddedPostgresProcess(build(dir, port), dir, port);
            process.ownedDirectory = dir;
            return process;
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
        return startFresh(b -> b, "the test PostgreSQL did not start");
    }

    /**
     * A PostgreSQL that also accepts TLS (ssl=on) with this certificate and key (PEM; the key readable by its owner
     * only); clients choose TLS with {@code sslmode} in their URL.
     */
    public static EmbeddedPostgresProcess startWithTls(java.nio.file.Path cert, java.nio.file.Path key) {
        return startFresh(b -> b.setServerConfig("ssl", "on")
            .setServerConfig("ssl_cert_file", cert.toAbsolutePath().toString())
            .setServerConfig("ssl_key_file", key.toAbsolutePath().toString()), "the test PostgreSQL with TLS did not start");
    }

    /** A server with fsync off on a fresh copy of the template cluster, removed when it is closed. */
    private static EmbeddedPostgresProcess startFresh(java.util.function.UnaryOperator<EmbeddedPostgres.Builder> config,
        String failure) {
        try {
            java.nio.file.Path dir = TemplateCluster.copy();
            try {
                EmbeddedPostgres pg = config.apply(EmbeddedPostgres.builder().setDataDirectory(dir)
                    .setCleanDataDirectory(false).setServerConfig("fsync", "off")).start();
                EmbeddedPostgresProcess process = new EmbeddedPostgresProcess(pg, null, pg.getPort());
                process.ownedDirectory = dir;
                return process;
            } catch (IOException | RuntimeException e) {
                TemplateCluster.delete(dir);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(failure + ": " + e.getMessage(), e);
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
        } finally {
            if (ownedDirectory != null) {
                TemplateCluster.delete(ownedDirectory);
            }
        }
    }
}
