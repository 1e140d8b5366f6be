package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.model.MatchEntity;
import com.plyyard.lobby.model.MatchEventEntity;
import com.plyyard.lobby.watch.WatchHub;
import com.plyyard.proto.v1.MatchEvent;
import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The append-only event log of the matches. Every event gets its match's next version; the same
 * transaction sends {@code NOTIFY plyyard_match_events, '<match id>'} (delivered at commit to every lobby
 * instance) and, after the commit, wakes this instance's watchers directly.
 */
@ApplicationScoped
public class EventLog {
    public static final String CHANNEL = "plyyard_match_events";

    @Inject
    TransactionSynchronizationRegistry transactions;

    @Inject
    WatchHub hub;

    /** Presence and clock events do not invalidate an expected_version; every other event does. */
    public static boolean gameChanging(MatchEvent.EventCase c) {
        return c != MatchEvent.EventCase.PRESENCE && c != MatchEvent.EventCase.CLOCK;
    }

    /** Appends the event as the match's next version (the caller holds the match row lock). */
    public MatchEvent append(MatchEntity m, MatchEvent.Builder event, long nowMillis) {
        long version = m.version + 1;
        m.version = version;
        if (gameChanging(event.getEventCase())) {
            m.stateVersion = version;
        }
        m.updatedAt = Instant.ofEpochMilli(nowMillis);
        MatchEvent e = event.setMatchId(m.id.toString()).setVersion(version).setAtEpochMillis(nowMillis).build();
        MatchEventEntity row = new MatchEventEntity();
        row.matchId = m.id;
        row.version = version;
        row.type = e.getEventCase().name();
        row.payload = e.toByteArray();
        row.createdAt = Instant.ofEpochMilli(nowMillis);
        row.persist();
        notifyOnce(m.id);
        return e;
    }

    private void notifyOnce(UUID matchId) {
        String key = "plyyard-notify-" + matchId;
        if (transactions.getResource(key) != null) {
            return;
        }
        transactions.putResource(key, Boolean.TRUE);
        Panache.getEntityManager()
            .createNativeQuery("SELECT count(*) FROM (SELECT pg_notify('" + CHANNEL + "', ?1)) n")
            .setParameter(1, matchId.toString())
            .getSingleResult();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    hub.signal(matchId);
                }
            }
        });
    }

    /** Up to {@code limit} events after {@code version}, in version order; call inside a transaction. */
    public static List<MatchEvent> after(UUID matchId, long version, int limit) {
        List<MatchEventEntity> rows = MatchEventEntity.<MatchEventEntity>find(
            "matchId = ?1 and version > ?2 order by version", matchId, version).page(0, limit).list();
        List<MatchEvent> out = new ArrayList<>(rows.size());
        for (MatchEventEntity r : rows) {
            out.add(parse(r.payload));
        }
        return out;
    }

    /** The MOVE_PLAYED events of a match, in order; call inside a transaction. */
    public static List<MatchEvent> moves(UUID matchId) {
        List<MatchEventEntity> rows = MatchEventEntity.<MatchEventEntity>list(
            "matchId = ?1 and type = ?2 order by version", matchId, MatchEvent.EventCase.MOVE_PLAYED.name());
        List<MatchEvent> out = new ArrayList<>(rows.size());
        for (MatchEventEntity r : rows) {
            out.add(parse(r.payload));
        }
        return out;
    }

    /** The database's clock in epoch milliseconds: one clock for every lobby instance. */
    public static long dbNow() {
        Object v = Panache.getEntityManager()
            .createNativeQuery("SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint)")
            .getSingleResult();
        return ((Number) v).longValue();
    }

    static MatchEvent parse(byte[] payload) {
        try {
            return MatchEvent.parseFrom(payload);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("A stored match event does not parse: " + e.getMessage(), e);
        }
    }
}
