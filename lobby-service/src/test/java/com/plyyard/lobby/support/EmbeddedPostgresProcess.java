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
