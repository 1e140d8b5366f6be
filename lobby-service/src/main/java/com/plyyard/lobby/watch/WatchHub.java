package com.plyyard.lobby.watch;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This instance's open WatchMatch streams, by match. A signal (after a local commit, or a NOTIFY from any
 * instance) only wakes them: each watcher then reads its match's events from the database after its
 * cursor, so order and completeness never depend on the signal.
 */
@ApplicationScoped
public class WatchHub {
    private final Map<UUID, Set<Watcher>> byMatch = new ConcurrentHashMap<>();
    private volatile boolean stopping;

    public void add(Watcher w) {
        byMatch.computeIfAbsent(w.matchId(), k -> ConcurrentHashMap.newKeySet()).add(w);
    }

    public void remove(Watcher w) {
        byMatch.computeIfPresent(w.matchId(), (k, set) -> {
            set.remove(w);
            return set.isEmpty() ? null : set;
        });
    }

    public void signal(UUID matchId) {
        Set<Watcher> set = byMatch.get(matchId);
        if (set != null) {
            for (Watcher w : set) {
                w.wake();
            }
        }
    }

    public void signalAll() {
        for (Set<Watcher> set : byMatch.values()) {
            for (Watcher w : set) {
                w.wake();
            }
        }
    }

    public int size() {
        int n = 0;
        for (Set<Watcher> set : byMatch.values()) {
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
        List<Watcher> all = new ArrayList<>();
        byMatch.values().forEach(all::addAll);
        for (Watcher w : all) {
            w.serverStopping();
        }
    }
}
