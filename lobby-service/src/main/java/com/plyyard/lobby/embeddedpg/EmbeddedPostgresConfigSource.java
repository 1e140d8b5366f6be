package com.plyyard.lobby.embeddedpg;

import io.quarkus.runtime.ExecutionMode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Supplies {@code quarkus.datasource.jdbc.url}, {@code .username} and {@code .password} from the embedded
 * PostgreSQL, which it starts on the first request for one of them at run time (never during the build:
 * Quarkus's execution mode is UNSET then). Its ordinal (275) is above application.properties (250) and below
 * environment variables (300) and system properties (400), so an explicit setting still wins.
 */
public class EmbeddedPostgresConfigSource implements ConfigSource {
    static final int ORDINAL = 275;
    static final String URL = "quarkus.datasource.jdbc.url";
    static final String USER = "quarkus.datasource.username";
    static final String PASSWORD = "quarkus.datasource.password";

    private final Path dataDir;
    private final int port;

    EmbeddedPostgresConfigSource(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(); // resolved on demand only, so listing the configuration never starts PostgreSQL
    }

    @Override
    public Map<String, String> getProperties() {
        return Map.of();
    }

    @Override
    public String getValue(String propertyName) {
        if (!URL.equals(propertyName) && !USER.equals(propertyName) && !PASSWORD.equals(propertyName)) {
            return null;
        }
        if (ExecutionMode.current() == ExecutionMode.UNSET) {
            return null; // build time (augmentation): nothing to start
        }
        EmbeddedDatabase db = EmbeddedDatabase.start(dataDir, port);
        return switch (propertyName) {
            case URL -> db.jdbcUrl();
            case USER -> EmbeddedDatabase.USER;
            default -> "";
        };
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }

    @Override
    public String getName() {
        return "plyyard embedded PostgreSQL";
    }
}
