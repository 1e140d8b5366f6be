package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.MatchEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The append-only event log of the matches. Every event gets its match's next version; the same transaction sends
 * {@code NOTIFY plyyard_match_events, '<match id>'} (delivered at commit to every lobby instance) and, after the
 * commit, {@link MatchEventsCommitted} wakes this instance's streams of the match directly.
 */
@ApplicationScoped
public class MatchEventLog {
    public static final String CHANNEL = "plyyard_match_events";
    private static final Object NOTIFIED = new Object();

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchEventRepository events;

    @Inject
    Notifications notifications;

    @Inject
    Event<MatchEventsCommitted> committed;

    /** Presence and clock events do not invalidate an expected_version; every other event does. */
    public static boolean gameChanging(MatchEvent.EventCase c) {
        return c != MatchEvent.EventCase.PRESENCE && c != MatchEvent.EventCase.CLOCK;
    }

    /** Appends the event as the match's next version (the caller holds the match row lock). */
    MatchEvent append(MatchEntity m, MatchEvent.Builder event, long nowMillis) {
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
        events.persist(row);
        notifyOnce(m.id);
        return e;
    }

    /** One NOTIFY and one local wake per match and transaction, however many events it appends. */
    private void notifyOnce(UUID matchId) {
        Set<UUID> notified = unitOfWork.transactionLocal(NOTIFIED, HashSet::new);
        if (notified.add(matchId)) {
            notifications.send(CHANNEL, matchId.toString());
            unitOfWork.afterCommit(() -> committed.fire(new MatchEventsCommitted(matchId)));
        }
    }

    /** Up to {@code limit} events after {@code version}, in version order; call inside a unit of work. */
    public List<MatchEvent> after(UUID matchId, long version, int limit) {
        return parse(events.after(matchId, version, limit));
    }

    /** The MOVE_PLAYED events of a match, in order; call inside a unit of work. */
    List<MatchEvent> moves(UUID matchId) {
        return parse(events.ofType(matchId, MatchEvent.EventCase.MOVE_PLAYED.name()));
    }

    private static List<MatchEvent> parse(List<MatchEventEntity> rows) {
        List<MatchEvent> out = new ArrayList<>(rows.size());
        for (MatchEventEntity r : rows) {
            try {
                out.add(MatchEvent.parseFrom(r.payload));
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException("A stored match event does not parse: " + e.getMessage(), e);
            }
        }
        return out;
    }
}
