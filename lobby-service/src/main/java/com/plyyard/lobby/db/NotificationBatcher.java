package com.plyyard.lobby.db;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * {@code NOTIFY}s sent after the commit, many to a statement, from one session of their own: for the match events,
 * whose notifications would otherwise be the moves' bottleneck. PostgreSQL serialises every committing transaction that
 * notified on one global lock, held through its commit's WAL flush, so moves that each notify commit one after
 * another (measured: a third of the moves' database time was spent waiting for that lock, docs/benchmarks.md); without
 * it their commits are flushed together.
 *
 * <p>Payloads queued while a statement runs go out together, joined by commas, in as many notifications as PostgreSQL's
 * 8000-byte limit needs. The session commits asynchronously ({@code synchronous_commit = off}): a notification is
 * never durable anyway, and the events it announces were committed synchronously before it was queued. What is lost
 * (a full queue, a broken connection, a crash between commit and send) is caught up by the listeners' safety net, which
 * has every stream look at the database every 5 s.
 */
@ApplicationScoped
public class NotificationBatcher {
    private static final Logger LOG = Logger.getLogger(NotificationBatcher.class);
    /** PostgreSQL refuses payloads of 8000 bytes and more. */
    static final int MAX_PAYLOAD_BYTES = 7900;
    private static final int QUEUE = 100_000;
    private static final String NOTIFY = "SELECT pg_notify(?, ?)";
    private static final String ASYNC_COMMIT = "SET synchronous_commit = off";

    private record Note(String channel, String payload) {
    }

    @Inject
    DirectConnections connections;

    private final BlockingQueue<Note> queue = new ArrayBlockingQueue<>(QUEUE);
    /** When a full queue was last logged (at most once a minute). */
    private volatile long droppedLoggedAt;
    private volatile boolean stopping;
    private Thread thread;

    void onStart(@Observes StartupEvent event) {
        thread = DirectConnections.startThread("lobby-pg-notifier", this::run);
    }

    void onStop(@Observes @Priority(30) ShutdownEvent event) {
        stopping = true;
        DirectConnections.stopThread(thread);
    }

    /** Queues the notification; returns at once. Payloads must not contain commas (they separate batched ones). */
    public void send(String channel, String payload) {
        if (!queue.offer(new Note(channel, payload))) {
            long now = System.currentTimeMillis();
            if (now - droppedLoggedAt > 60_000) {
                droppedLoggedAt = now;
                LOG.warn("the notification queue is full; listeners catch up by their safety net");
            }
        }
    }

    private void run() {
        List<Note> batch = new ArrayList<>();
        while (!stopping) {
            try (Connection c = connections.open("lobby-service notifier")) {
                try (Statement st = c.createStatement()) {
                    st.execute(ASYNC_COMMIT);
                }
                try (PreparedStatement notify = c.prepareStatement(NOTIFY)) {
                    while (!stopping) {
                        if (batch.isEmpty()) {
                            Note first = queue.poll(1, TimeUnit.SECONDS);
                            if (first == null) {
                                continue;
                            }
                            batch.add(first);
                            queue.drainTo(batch);
                        }
                        for (Map.Entry<String, List<String>> chunk : chunks(batch)) {
                            for (String payload : chunk.getValue()) {
                                notify.setString(1, chunk.getKey());
                                notify.setString(2, payload);
                                notify.execute();
                            }
                        }
                        batch.clear();
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (SQLException | RuntimeException e) {
                if (stopping) {
                    return;
                }
                batch.clear(); // the safety net catches the listeners up
                LOG.warnf("the notifier's connection failed (%s); retrying in 1 s", e.getMessage());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** The batch by channel, in order, each channel's payloads joined by commas into payloads under the size limit. */
    static List<Map.Entry<String, List<String>>> chunks(List<Note> batch) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        Map<String, Joined> open = new LinkedHashMap<>();
        for (Note n : batch) {
            Joined j = open.computeIfAbsent(n.channel(), k -> new Joined());
            int bytes = n.payload().getBytes(StandardCharsets.UTF_8).length;
            if (j.bytes > 0 && j.bytes + 1 + bytes > MAX_PAYLOAD_BYTES) {
                out.computeIfAbsent(n.channel(), k -> new ArrayList<>()).add(j.text.toString());
                j.text.setLength(0);
                j.bytes = 0;
            }
            if (j.bytes > 0) {
                j.text.append(',');
                j.bytes++;
            }
            j.text.append(n.payload());
            j.bytes += bytes;
        }
        open.forEach((channel, j) -> {
            if (j.bytes > 0) {
                out.computeIfAbsent(channel, k -> new ArrayList<>()).add(j.text.toString());
            }
        });
        return new ArrayList<>(out.entrySet());
    }

    /** A payload being joined, with its length in UTF-8 bytes. */
    private static final class Joined {
        final StringBuilder text = new StringBuilder();
        int bytes;
    }

    /** Joined payloads of one channel, as {@link #chunks} makes them: for tests. */
    static List<String> joined(String channel, List<String> payloads) {
        List<Note> notes = new ArrayList<>();
        for (String p : payloads) {
            notes.add(new Note(channel, p));
        }
        List<Map.Entry<String, List<String>>> c = chunks(notes);
        return c.isEmpty() ? List.of() : c.get(0).getValue();
    }
}
