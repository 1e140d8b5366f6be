package com.plyyard.lobby.embeddedpg;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Registers {@link EmbeddedPostgresConfigSource} (META-INF/services/io.smallrye.config.ConfigSourceFactory) in
 * the default profile: in dev mode and in a plain {@code java -jar} (Quarkus's implicit {@code prod}), unless
 * {@code prod} was chosen explicitly ({@code QUARKUS_PROFILE=prod} or {@code -Dquarkus.profile=prod}), the
 * profile is {@code test} (the tests start their own PostgreSQL), or {@code plyyard.lobby.embedded-db=false}.
 */
public class EmbeddedPostgresConfigSourceFactory implements ConfigSourceFactory {
    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        if (!enabled(context)) {
            warnWithoutDatabaseUrl(context);
            refuseProductionWithoutPassword(context);
            return List.of();
        }
        Path dataDir = Path.of(dataDir(context)).toAbsolutePath().normalize();
        int port = intValue(context, "plyyard.lobby.db-port", 0);
        return List.of(new EmbeddedPostgresConfigSource(dataDir, port));
    }

    @Override
    public OptionalInt getPriority() {
        return OptionalInt.of(EmbeddedPostgresConfigSource.ORDINAL);
    }

    static boolean enabled(ConfigSourceContext context) {
        List<String> profiles = context.getProfiles();
        if (profiles.contains("test")) {
            return false;
        }
        if (explicitProd()) {
            return false;
        }
        ConfigValue flag = context.getValue("plyyard.lobby.embedded-db");
        return flag == null || flag.getValue() == null || !flag.getValue().strip().equalsIgnoreCase("false");
    }

    /** Profile prod without DB_URL: say what is missing before Quarkus's terse configuration error. */
    private static void warnWithoutDatabaseUrl(ConfigSourceContext context) {
        if (io.quarkus.runtime.ExecutionMode.current() == io.quarkus.runtime.ExecutionMode.UNSET
            || context.getProfiles().contains("test")) {
            return;
        }
        String url = System.getenv("DB_URL");
        String direct = System.getenv("QUARKUS_DATASOURCE_JDBC_URL");
        if ((url == null || url.isBlank()) && (direct == null || direct.isBlank())
            && System.getProperty("quarkus.datasource.jdbc.url") == null) {
            System.err.println("lobby-service: profile prod uses an external PostgreSQL: set DB_URL (a JDBC URL such as "
                + "jdbc:postgresql://localhost:5432/plyyard), DB_USER and DB_PASSWORD; without QUARKUS_PROFILE=prod it "
                + "starts its embedded PostgreSQL instead.");
        }
    }

    /**
     * Profile prod (an external PostgreSQL) with an empty database password: refuse to start, before anything
     * connects. A production database reachable without a password is a mistake worth stopping for; the embedded
     * PostgreSQL of the default profile listens on localhost only and is not affected.
     */
    private static void refuseProductionWithoutPassword(ConfigSourceContext context) {
        if (io.quarkus.runtime.ExecutionMode.current() == io.quarkus.runtime.ExecutionMode.UNSET
            || context.getProfiles().contains("test") || !explicitProd()) {
            return;
        }
        if (blank(System.getenv("DB_PASSWORD")) && blank(System.getenv("QUARKUS_DATASOURCE_PASSWORD"))
            && blank(System.getProperty("quarkus.datasource.password"))) {
            throw new IllegalStateException("lobby-service: profile prod refuses to start with an empty database "
                + "password: set DB_PASSWORD (or QUARKUS_DATASOURCE_PASSWORD) to the PostgreSQL user's password.");
        }
    }

    private static boolean explicitProd() {
        String explicit = System.getProperty("quarkus.profile", System.getenv("QUARKUS_PROFILE"));
        return explicit != null && List.of(explicit.toLowerCase(Locale.ROOT).split("\\s*,\\s*")).contains("prod");
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String dataDir(ConfigSourceContext context) {
        ConfigValue v = context.getValue("plyyard.lobby.data-dir");
        String value = v == null ? null : v.getValue();
        if (value == null || value.isBlank() || value.contains("${")) {
            String home = System.getenv("PLYYARD_HOME");
            if (home == null || home.isBlank()) {
                home = Path.of(System.getProperty("user.home"), ".plyyard").toString();
            }
            return Path.of(home, "lobby-db").toString();
        }
        return value.strip();
    }

    private static int intValue(ConfigSourceContext context, String name, int fallback) {
        ConfigValue v = context.getValue(name);
        if (v == null || v.getValue() == null || v.getValue().isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.getValue().strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a port number (0 = any free port), not '" + v.getValue() + "'.");
        }
    }
}
