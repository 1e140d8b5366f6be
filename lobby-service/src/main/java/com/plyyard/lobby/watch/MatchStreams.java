package com.plyyard.lobby.watch;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchEventLog;
import com.plyyard.lobby.match.MatchEventsCommitted;
import com.plyyard.lobby.match.MatchPresence;
import com.plyyard.proto.v1.MatchEvent;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * This instance's open WatchMatch streams, by match. A signal (after a local commit, or a NOTIFY from any instance)
 * only wakes them: each stream then reads its match's events from the database after its cursor, so order and
 * completeness never depend on the signal.
 */
@ApplicationScoped
public class MatchStreams {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchEventLog events;

    @Inject
    MatchPresence presence;

    private final Map<UUID, Set<MatchStream>> byMatch = new ConcurrentHashMap<>();
    private volatile boolean stopping;

    /** A new stream of the match into {@code out}, pumped on {@code executor}; {@link MatchStream#start} starts it. */
    public MatchStream create(UUID matchId, EventSink<MatchEvent> out, Executor executor) {
        return new MatchStream(matchId, out, this, executor);
    }

    void add(MatchStream s) {
        byMatch.computeIfAbsent(s.matchId(), k -> ConcurrentHashMap.newKeySet()).add(s);
    }

    void remove(MatchStream s) {
        byMatch.computeIfPresent(s.matchId(), (k, set) -> {
            set.remove(s);
            return set.isEmpty() ? null : set;
        });
    }

    void onCommitted(@Observes MatchEventsCommitted committed) {
        signal(committed.matchId());
    }

    public void signal(UUID matchId) {
        Set<MatchStream> set = byMatch.get(matchId);
        if (set != null) {
            for (MatchStream s : set) {
                s.wake();
            }
        }
    }

    public void signalAll() {
        for (Set<MatchStream> set : byMatch.values()) {
            for (MatchStream s : set) {
                s.wake();
            }
        }
    }

    public int size() {
        int n = 0;
        for (Set<MatchStream> set : byMatch.values()) {
            n += set.size();
        }
        return n;
    }

    public boolean stopping() {
        return stopping;
    }

    /** Server stop: every stream ends with UNAVAILABLE (reconnect with from_version), presence is given back. */
    void onStop(@Observes @Priority(10) ShutdownEvent event) {
        stopping = true;
        List<MatchStream> all = new ArrayList<>();
        byMatch.values().forEach(all::addAll);
        for (MatchStream s : all) {
            s.serverStopping();
        }
    }
}
