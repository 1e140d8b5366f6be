package com.plyyard.lobby.matchmaking;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.watch.LobbyHub;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.PoolSize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The lobby's event log: one version sequence for the whole lobby (1, 2, 3, … without gaps). A transaction collects
 * its events ({@link #add}, {@link #poolChanged}) and appends them at its end ({@link #flush}, called by {@link Tx}):
 * it locks the single {@code lobby_log} row — the last lock the transaction takes —, numbers the events, stores them
 * and sends {@code NOTIFY plyyard_lobby_events}. Because the row stays locked until the commit, versions commit in
 * order: a reader that sees version n has already seen every version below it.
 */
@ApplicationScoped
public class LobbyLog {
    private static final Logger LOG = Logger.getLogger(LobbyLog.class);
    public static final String CHANNEL = "plyyard_lobby_events";
    private static final String KEY = "plyyard-lobby-events";

    @Inject
    TransactionSynchronizationRegistry transactions;

    @Inject
    LobbyHub hub;

    /** The events of one transaction, not yet appended. */
    private static final class Pending {
        final List<LobbyEvent.Builder> events = new ArrayList<>();
        final List<Collection<UUID>> recipients = new ArrayList<>();
        final Map<String, GameSpec> pools = new LinkedHashMap<>();
        boolean flushed;
    }

    /**
     * Adds an event of this transaction; {@code recipients} null = everyone, otherwise only these players see it.
     */
    public void add(LobbyEvent.Builder event, Collection<UUID> recipients) {
        Pending p = pending();
        p.events.add(event);
        p.recipients.add(recipients == null ? null : new TreeSet<>(recipients));
    }

    /** The pool's waiting count changed: a PoolSize event with its count at the commit. */
    public void poolChanged(String poolKey, GameSpec game) {
        pending().pools.putIfAbsent(poolKey, game);
    }

    private Pending pending() {
        Pending p = (Pending) transactions.getResource(KEY);
        if (p == null || p.flushed) {
            p = new Pending();
            transactions.putResource(KEY, p);
            Pending mine = p;
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    if (!mine.flushed && (!mine.events.isEmpty() || !mine.pools.isEmpty())) {
                        LOG.error("lobby events were added outside Tx and never appended; they are lost");
                    }
                }

                @Override
                public void afterCompletion(int status) {
                }
            });
        }
        return p;
    }

    /** Appends this transaction's events (the last step of every lobby transaction). */
    void flush() {
        Pending p = (Pending) transactions.getResource(KEY);
        if (p == null || p.flushed || (p.events.isEmpty() && p.pools.isEmpty())) {
            return;
        }
        p.flushed = true;
        Db.Row head = Db.one("SELECT version FROM lobby_log WHERE id = 1 FOR UPDATE");
        long version = head.lng("version");
        long now = EventLog.dbNow();
        for (Map.Entry<String, GameSpec> pool : p.pools.entrySet()) {
            long waiting = Db.count("SELECT count(*) FROM pool_ticket_members m JOIN pool_tickets t ON t.id = m.ticket_id "
                + "WHERE t.pool_key = ? AND t.status = 'TICKET_WAITING'", pool.getKey());
            p.events.add(LobbyEvent.newBuilder().setPool(PoolSize.newBuilder().setGame(pool.getValue())
                .setPlayersWaiting((int) waiting)));
            p.recipients.add(null);
        }
        for (int i = 0; i < p.events.size(); i++) {
            version++;
            LobbyEvent e = p.events.get(i).setVersion(version).setAtEpochMillis(now).build();
            Collection<UUID> to = p.recipients.get(i);
            Db.update("INSERT INTO lobby_events (version, type, payload, recipients, created_at) VALUES (?, ?, ?, ?, ?)",
                version, e.getEventCase().name(), e.toByteArray(), to == null ? null : new ArrayList<>(to),
                Instant.ofEpochMilli(now));
        }
        Db.update("UPDATE lobby_log SET version = ? WHERE id = 1", version);
        Db.count("SELECT count(*) FROM (SELECT pg_notify(?, ?)) n", CHANNEL, Long.toString(version));
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    hub.signalAll();
                }
            }
        });
    }

    /** The current version; call inside a transaction. {@code share}: hold appenders off until the transaction ends. */
    static long version(boolean share) {
        return Db.one("SELECT version FROM lobby_log WHERE id = 1" + (share ? " FOR SHARE" : "")).lng("version");
    }

    /** Up to {@code limit} events after {@code version} that the player may see, in version order. */
    public static List<LobbyEvent> after(long version, UUID player, int limit) {
        List<LobbyEvent> out = new ArrayList<>();
        for (Db.Row r : Db.query("SELECT payload FROM lobby_events WHERE version > ? "
            + "AND (recipients IS NULL OR recipients @> ARRAY[?::uuid]) ORDER BY version LIMIT ?", version, player, limit)) {
            try {
                out.add(LobbyEvent.parseFrom(r.bytes("payload")));
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException("A stored lobby event does not parse: " + e.getMessage(), e);
            }
        }
        return out;
    }
}
