package com.plyyard.lobby.match;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.db.NotificationBatcher;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.MatchEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The append-only event log of the matches. Every event gets its match's next version. After the commit,
 * {@link MatchEventsCommitted} hands the events to this instance's streams of the match, and
 * {@code NOTIFY plyyard_match_events} tells every instance: {@code '<match id>'} after a unit of work,
 * {@code '<match id>:<version>'} after a move, several of them comma-separated when sent together
 * ({@link NotificationBatcher}: a NOTIFY inside the moves' transactions would serialise their commits).
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
    NotificationBatcher notifier;

    @Inject
    Event<MatchEventsCommitted> committed;

    /** Presence and clock events do not invalidate an expected_version; every other event does. */
    public static boolean gameChanging(MatchEvent.EventCase c) {
        return c != MatchEvent.EventCase.PRESENCE && c != MatchEvent.EventCase.CLOCK;
    }

    /** Appends the event as the match's next version (the caller holds the match row lock). */
    MatchEvent append(MatchEntity m, MatchEvent.Builder event, long nowMillis) {
        MatchEvent e = stamp(m, event, nowMillis);
        MatchEventEntity row = new MatchEventEntity();
        row.matchId = m.id;
        row.version = e.getVersion();
        row.type = e.getEventCase().name();
        row.payload = e.toByteArray();
        row.createdAt = Instant.ofEpochMilli(nowMillis);
        events.persist(row);
        notifyOnce(m.id).add(e);
        return e;
    }

    /**
     * The event as the match's next version: counts the row's versions up and dates it; the caller stores both (the
     * move path writes them in one statement, {@link MoveStore}).
     */
    static MatchEvent stamp(MatchEntity m, MatchEvent.Builder event, long nowMillis) {
        long version = m.version + 1;
        m.version = version;
        if (gameChanging(event.getEventCase())) {
            m.stateVersion = version;
        }
        m.updatedAt = Instant.ofEpochMilli(nowMillis);
        return event.setMatchId(m.id.toString()).setVersion(version).setAtEpochMillis(nowMillis).build();
    }

    /** Wakes this instance's streams of a match with an event committed outside a unit of work (the move path). */
    void committed(MatchEvent event) {
        committed.fire(new MatchEventsCommitted(UUID.fromString(event.getMatchId()), List.of(event)));
    }

    /** Tells the other instances (after the commit) that the match reached the event's version. */
    void announce(MatchEvent event) {
        notifier.send(CHANNEL, event.getMatchId() + ":" + event.getVersion());
    }

    /**
     * One NOTIFY and one local wake per match and transaction, however many events it appends; answers the list the
     * wake will carry (the caller adds its event).
     */
    private List<MatchEvent> notifyOnce(UUID matchId) {
        Map<UUID, List<MatchEvent>> appended = unitOfWork.transactionLocal(NOTIFIED, HashMap::new);
        List<MatchEvent> list = appended.get(matchId);
        if (list == null) {
            List<MatchEvent> created = new ArrayList<>();
            appended.put(matchId, created);
            unitOfWork.afterCommit(() -> {
                committed.fire(new MatchEventsCommitted(matchId, List.copyOf(created)));
                notifier.send(CHANNEL, matchId.toString());
            });
            list = created;
        }
        return list;
    }

    /** Up to {@code limit} events after {@code version}, in version order; call inside a unit of work. */
    public List<MatchEvent> after(UUID matchId, long version, int limit) {
        return parse(events.after(matchId, version, limit));
    }

    /** The MOVE_PLAYED events of a match, in order; call inside a unit of work. */
    List<MatchEvent> moves(UUID matchId) {
        return parse(events.ofType(matchId, MatchEvent.EventCase.MOVE_PLAYED.name()));
    }

    /** The SEAT_OUT events of a match (a seat left and the game went on), in order; call inside a unit of work. */
    List<MatchEvent> seatOuts(UUID matchId) {
        return parse(events.ofType(matchId, MatchEvent.EventCase.SEAT_OUT.name()));
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
