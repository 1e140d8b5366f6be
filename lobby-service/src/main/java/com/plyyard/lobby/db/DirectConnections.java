package com.plyyard.lobby.db;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Long-lived JDBC sessions outside the pool and the transaction manager, to the lobby's database: for what needs one
 * session for itself (the LISTEN connection, the notifier), not a transaction.
 */
@ApplicationScoped
public class DirectConnections {
    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    Optional<String> user;

    @ConfigProperty(name = "quarkus.datasource.password")
    Optional<String> password;

    /** Starts the daemon thread that keeps such a session (its loop reconnects by itself). */
    public static Thread startThread(String name, Runnable loop) {
        Thread t = new Thread(loop, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Stops such a thread: interrupts it and waits up to 5 s for its loop to end (null: never started). */
    public static void stopThread(Thread t) {
        if (t == null) {
            return;
        }
        t.interrupt();
        try {
            t.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A new autocommit session named {@code applicationName} in pg_stat_activity. */
    public Connection open(String applicationName) throws SQLException {
        Properties p = new Properties();
        user.ifPresent(u -> p.setProperty("user", u));
        password.ifPresent(pw -> p.setProperty("password", pw));
        p.setProperty("ApplicationName", applicationName);
        p.setProperty("tcpKeepAlive", "true");
        Connection c = new org.postgresql.Driver().connect(url, p);
        if (c == null) {
            throw new SQLException("the URL " + url + " is not a PostgreSQL URL");
        }
        c.setAutoCommit(true);
        return c;
    }
}
