package com.plyyard.lobby.matchmaking;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.PoolSize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The lobby's event log: one version sequence for the whole lobby (1, 2, 3, … without gaps). A unit of work collects
 * its events ({@link #add}, {@link #poolChanged}) and appends them as its very last step before the commit
 * ({@link UnitOfWork#beforeCommitLast}): it locks the single {@code lobby_log} row — the last lock the transaction
 * takes —, numbers the events, stores them and sends {@code NOTIFY plyyard_lobby_events}. Because the row stays locked
 * until the commit, versions commit in order: a reader that sees version n has already seen every version below it.
 */
@ApplicationScoped
public class LobbyEventLog {
    public static final String CHANNEL = "plyyard_lobby_events";
    private static final Object PENDING = new Object();

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyEventRepository log;

    @Inject
    PoolRepository pools;

    @Inject
    LobbyClock clock;

    @Inject
    Notifications notifications;

    @Inject
    Event<LobbyEventsCommitted> committed;

    /** An event as the log holds it: its version, who may see it (null: everyone) and the event. */
    public record Logged(long version, UUID[] recipients, LobbyEvent event) {
        public boolean visibleTo(UUID player) {
            if (recipients == null) {
                return true;
            }
            for (UUID r : recipients) {
                if (r.equals(player)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The events of one transaction, not yet appended. */
    private final class Pending {
        final List<LobbyEvent.Builder> events = new ArrayList<>();
        final List<Collection<UUID>> recipients = new ArrayList<>();
        final Map<String, GameSpec> pools = new LinkedHashMap<>();

        Pending() {
            unitOfWork.beforeCommitLast(() -> append(this));
        }
    }

    /** Adds an event of this transaction; {@code recipients} null = everyone, otherwise only these players see it. */
    void add(LobbyEvent.Builder event, Collection<UUID> recipients) {
        Pending p = pending();
        p.events.add(event);
        p.recipients.add(recipients == null ? null : new TreeSet<>(recipients));
    }

    /** The pool's waiting count changed: a PoolSize event with its count at the commit. */
    void poolChanged(String poolKey, GameSpec game) {
        pending().pools.putIfAbsent(poolKey, game);
    }

    private Pending pending() {
        return unitOfWork.transactionLocal(PENDING, Pending::new);
    }

    private void append(Pending p) {
        if (p.events.isEmpty() && p.pools.isEmpty()) {
            return;
        }
        LobbyLogEntity head = log.lockHead();
        long version = head.version;
        long now = clock.nowMillis();
        for (Map.Entry<String, GameSpec> pool : p.pools.entrySet()) {
            p.events.add(LobbyEvent.newBuilder().setPool(PoolSize.newBuilder().setGame(pool.getValue())
                .setPlayersWaiting((int) pools.playersWaiting(pool.getKey()))));
            p.recipients.add(null);
        }
        for (int i = 0; i < p.events.size(); i++) {
            version++;
            LobbyEvent e = p.events.get(i).setVersion(version).setAtEpochMillis(now).build();
            Collection<UUID> to = p.recipients.get(i);
            LobbyEventEntity row = new LobbyEventEntity();
            row.version = version;
            row.type = e.getEventCase().name();
            row.payload = e.toByteArray();
            row.recipients = to == null ? null : to.toArray(new UUID[0]);
            row.createdAt = Instant.ofEpochMilli(now);
            log.persist(row);
        }
        head.version = version;
        notifications.send(CHANNEL, Long.toString(version));
        long last = version;
        unitOfWork.afterCommit(() -> committed.fire(new LobbyEventsCommitted(last)));
    }

    /** The current version; call inside a unit of work. {@code share}: hold appenders off until it ends. */
    long version(boolean share) {
        return log.version(share);
    }

    /** The current version; call inside a unit of work. */
    public long current() {
        return log.version(false);
    }

    /** Up to {@code limit} events after {@code version}, whoever may see them, in version order. */
    public List<Logged> allAfter(long version, int limit) {
        List<Logged> out = new ArrayList<>();
        for (LobbyEventEntity r : log.allAfter(version, limit)) {
            out.add(new Logged(r.version, r.recipients, parse(r.payload)));
        }
        return out;
    }

    /** Up to {@code limit} events after {@code version} that the player may see, in version order. */
    public List<LobbyEvent> after(long version, UUID player, int limit) {
        List<LobbyEvent> out = new ArrayList<>();
        for (LobbyEventEntity r : log.visibleAfter(version, player, limit)) {
            out.add(parse(r.payload));
        }
        return out;
    }

    private static LobbyEvent parse(byte[] payload) {
        try {
            return LobbyEvent.parseFrom(payload);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("A stored lobby event does not parse: " + e.getMessage(), e);
        }
    }
}
