package com.plyyard.lobby.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A throw-away real PostgreSQL (zonky, fresh temporary data directory, any free port) for the tests. */
public final class EmbeddedPostgresProcess implements AutoCloseable {
    private final EmbeddedPostgres pg;

    private EmbeddedPostgresProcess(EmbeddedPostgres pg) {
        this.pg = pg;
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
