package com.plyyard.lobby.watch;

import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.matchmaking.LobbyLog;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * One dedicated JDBC connection per lobby instance that {@code LISTEN}s on {@value EventLog#CHANNEL} (the payload
 * of a notification is a match id, and the local watchers of that match are woken) and on
 * {@value LobbyLog#CHANNEL} (every local WatchLobby stream is woken). After a lost
 * connection it reconnects and wakes every watcher (they read from the database, so nothing is lost).
 */
@ApplicationScoped
public class PgListener {
    private static final Logger LOG = Logger.getLogger(PgListener.class);

    @Inject
    WatchHub hub;

    @Inject
    LobbyHub lobbyHub;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    java.util.Optional<String> user;

    @ConfigProperty(name = "quarkus.datasource.password")
    java.util.Optional<String> password;

    private volatile boolean stopping;
    private volatile Connection connection;
    private Thread thread;

    void onStart(@Observes StartupEvent event) {
        thread = new Thread(this::run, "lobby-pg-listener");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes @Priority(20) ShutdownEvent event) {
        stopping = true;
        Connection c = connection;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        boolean first = true;
        while (!stopping) {
            try (Connection c = connect()) {
                connection = c;
                try (Statement st = c.createStatement()) {
                    st.execute("LISTEN " + EventLog.CHANNEL);
                    st.execute("LISTEN " + LobbyLog.CHANNEL);
                }
                if (!first) {
                    LOG.info("listening for match and lobby events again");
                    hub.signalAll();
                    lobbyHub.signalAll();
                }
                first = false;
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!stopping) {
                    PGNotification[] notes = pg.getNotifications(500);
                    if (notes == null) {
                        continue;
                    }
                    boolean lobby = false;
                    for (PGNotification n : notes) {
                        if (LobbyLog.CHANNEL.equals(n.getName())) {
                            lobby = true;
                            continue;
                        }
                        try {
                            hub.signal(UUID.fromString(n.getParameter()));
                        } catch (IllegalArgumentException ignored) {
                            // not ours
                        }
                    }
                    if (lobby) {
                        lobbyHub.signalAll(); // the notification says only that the lobby log grew
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (stopping) {
                    return;
                }
                LOG.warnf("the LISTEN connection failed (%s); retrying in 1 s", e.getMessage());
                hub.signalAll();
                lobbyHub.signalAll();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            } finally {
                connection = null;
            }
        }
    }

    private Connection connect() throws SQLException {
        Properties p = new Properties();
        user.ifPresent(u -> p.setProperty("user", u));
        password.ifPresent(pw -> p.setProperty("password", pw));
        p.setProperty("ApplicationName", "lobby-service listener");
        p.setProperty("tcpKeepAlive", "true");
        Connection c = new org.postgresql.Driver().connect(url, p);
        if (c == null) {
            throw new SQLException("the URL " + url + " is not a PostgreSQL URL");
        }
        c.setAutoCommit(true);
        return c;
    }
}
