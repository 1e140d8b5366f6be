package com.plyyard.lobby.watch;

import com.plyyard.lobby.db.DirectConnections;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.match.MatchEventLog;
import com.plyyard.lobby.matchmaking.LobbyEventLog;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * How the streams of this instance hear about events written by any instance: one dedicated JDBC connection that
 * {@code LISTEN}s on {@value MatchEventLog#CHANNEL} (the payload of a notification is a match id, with the version it reached
 * after a colon when the move path sent it, and the local streams of that match are woken) and on {@value LobbyEventLog#CHANNEL} (every local WatchLobby stream is woken). After a lost
 * connection it reconnects and wakes every stream (they read from the database, so nothing is lost); and every 5 s
 * every stream is woken anyway, in case a notification was lost.
 *
 * <p>A plain JDBC connection outside the pool and the entity manager: LISTEN needs one long-lived session, not a
 * transaction.
 */
@ApplicationScoped
public class NotificationListener {
    private static final Logger LOG = Logger.getLogger(NotificationListener.class);

    /** Other channels' notifications (token revocations), for whoever keeps a cache up to date by them. */
    @Inject
    Event<Notifications.Received> received;

    @Inject
    MatchStreams matchStreams;

    @Inject
    LobbyStreams lobbyStreams;

    @Inject
    DirectConnections connections;

    private volatile boolean stopping;
    private volatile Connection connection;
    private Thread thread;

    void onStart(@Observes StartupEvent event) {
        thread = DirectConnections.startThread("lobby-pg-listener", this::run);
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
        DirectConnections.stopThread(thread);
    }

    /**
     * The safety net, in case a notification was lost: the versions of every watched match in one query (streams
     * behind them catch up), and every lobby stream looks again.
     */
    @Scheduled(every = "5s", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void wakeEveryStream() {
        matchStreams.checkVersions();
        lobbyStreams.signalAll();
    }

    private void run() {
        boolean first = true;
        while (!stopping) {
            try (Connection c = connect()) {
                connection = c;
                try (Statement st = c.createStatement()) {
                    st.execute("LISTEN " + MatchEventLog.CHANNEL);
                    st.execute("LISTEN " + LobbyEventLog.CHANNEL);
                    st.execute("LISTEN " + Notifications.TOKENS_REVOKED);
                }
                if (!first) {
                    LOG.info("listening for match and lobby events again");
                    received.fire(new Notifications.Received(Notifications.TOKENS_REVOKED, null));
                    matchStreams.signalAll();
                    lobbyStreams.signalAll();
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
                        if (LobbyEventLog.CHANNEL.equals(n.getName())) {
                            lobby = true;
                            continue;
                        }
                        if (Notifications.TOKENS_REVOKED.equals(n.getName())) {
                            received.fire(new Notifications.Received(n.getName(), n.getParameter()));
                            continue;
                        }
                        matchStreams.notified(n.getParameter());
                    }
                    if (lobby) {
                        lobbyStreams.signalAll(); // the notification says only that the lobby log grew
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (stopping) {
                    return;
                }
                LOG.warnf("the LISTEN connection failed (%s); retrying in 1 s", e.getMessage());
                received.fire(new Notifications.Received(Notifications.TOKENS_REVOKED, null));
                matchStreams.signalAll();
                lobbyStreams.signalAll();
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
        return connections.open("lobby-service listener");
    }
}
