package com.plyyard.lobby.watch;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchEventLog;
import com.plyyard.lobby.match.MatchEventsCommitted;
import com.plyyard.lobby.match.MatchPresence;
import com.plyyard.lobby.match.MatchRepository;
import com.plyyard.proto.v1.MatchEvent;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * This instance's open WatchMatch streams, by match. A signal (after a local commit, or a NOTIFY from any instance)
 * only wakes them: each stream then takes its match's events after its cursor from the match's {@link RecentEvents}
 * (memory, or one read of the database for all of the match's streams), so order and completeness never depend on the
 * signal.
 */
@ApplicationScoped
public class MatchStreams {
    @Inject
    WatchConfig config;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchEventLog events;

    @Inject
    MatchPresence presence;

    @Inject
    MatchRepository matches;

    @Inject
    MeterRegistry registry;

    /**
     * From an event's commit (its {@code at_epoch_millis}, the lobby's clock in the move's transaction) to its hand-over to
     * a watcher's stream on this instance: the lobby's own part of move → event, apart from the network and the client.
     */
    private Timer eventDelay;

    private final Map<UUID, Set<MatchStream>> byMatch = new ConcurrentHashMap<>();
    /** The recent events of each match in {@link #byMatch}, created and dropped with its set of streams. */
    private final Map<UUID, RecentEvents> recent = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean stopping;

    @PostConstruct
    void metrics() {
        eventDelay = Timer.builder("plyyard.lobby.watch.event.delay")
            .description("from a match event's commit to its hand-over to a watcher's stream on this instance")
            .publishPercentileHistogram() // buckets: a reader takes the percentiles of any window from two readings
            .minimumExpectedValue(Duration.ofMillis(1))
            .maximumExpectedValue(Duration.ofMinutes(2))
            .register(registry);
    }

    /** Makes the bean at start (it is created on first use otherwise): the timer is in the metrics before any stream. */
    void onStart(@Observes StartupEvent event) {
        // the @PostConstruct above has run by now
    }

    /** An event handed to one of this instance's streams (a snapshot, version 0, is not an event of the log). */
    void delivered(MatchEvent event) {
        if (event.getVersion() > 0 && event.getAtEpochMillis() > 0) {
            eventDelay.record(Math.max(0, System.currentTimeMillis() - event.getAtEpochMillis()), TimeUnit.MILLISECONDS);
        }
    }

    /** A new stream of the match into {@code out}, pumped on {@code executor}; {@link MatchStream#start} starts it. */
    public MatchStream create(UUID matchId, EventSink<MatchEvent> out, Executor executor) {
        return new MatchStream(matchId, out, this, executor);
    }

    void add(MatchStream s) {
        byMatch.compute(s.matchId(), (k, set) -> {
            Set<MatchStream> streams = set != null ? set : ConcurrentHashMap.newKeySet();
            if (streams.add(s)) {
                open.incrementAndGet();
            }
            recent.computeIfAbsent(k, x -> new RecentEvents());
            return streams;
        });
    }

    void remove(MatchStream s) {
        byMatch.computeIfPresent(s.matchId(), (k, set) -> {
            if (set.remove(s)) {
                open.decrementAndGet();
            }
            if (set.isEmpty()) {
                recent.remove(k);
                return null;
            }
            return set;
        });
    }

    /** Up to {@code limit} events of the match after {@code version}, for one of its streams. */
    List<MatchEvent> after(UUID matchId, long version, int limit) {
        RecentEvents r = recent.get(matchId);
        if (r == null) { // the stream was closed meanwhile
            return unitOfWork.call(() -> events.after(matchId, version, limit));
        }
        return r.after(version, limit, (v, n) -> unitOfWork.call(() -> events.after(matchId, v, n)));
    }

    void onCommitted(@Observes MatchEventsCommitted committed) {
        RecentEvents r = recent.get(committed.matchId());
        if (r != null) {
            r.committed(committed.events());
        }
        signal(committed.matchId());
    }

    /**
     * A notification from any instance: comma-separated entries, each {@code <match id>} (something changed) or
     * {@code <match id>:<version>} (that version exists). Entries that are not ours are ignored.
     */
    public void notified(String payload) {
        if (payload == null) {
            return;
        }
        for (String entry : payload.split(",")) {
            notifiedOne(entry);
        }
    }

    private void notifiedOne(String payload) {
        int colon = payload.indexOf(':');
        UUID id;
        long version = 0;
        try {
            id = UUID.fromString(colon < 0 ? payload : payload.substring(0, colon));
            if (colon >= 0) {
                version = Long.parseLong(payload.substring(colon + 1));
            }
        } catch (RuntimeException e) {
            return;
        }
        RecentEvents r = recent.get(id);
        if (r != null) {
            r.announced(version);
        }
        signal(id);
    }

    public void signal(UUID matchId) {
        Set<MatchStream> set = byMatch.get(matchId);
        if (set != null) {
            for (MatchStream s : set) {
                s.wake();
            }
        }
    }

    /**
     * The periodic safety net: one query for the current versions of every match watched here (a thousand matches, one
     * statement, not a read per match); streams behind them catch up. When the query fails, every stream looks again.
     */
    public void checkVersions() {
        List<UUID> ids = new ArrayList<>(recent.keySet());
        if (ids.isEmpty()) {
            return;
        }
        Map<UUID, Long> versions;
        try {
            versions = unitOfWork.call(() -> matches.versions(ids));
        } catch (RuntimeException e) {
            signalAll();
            return;
        }
        versions.forEach((id, version) -> {
            RecentEvents r = recent.get(id);
            if (r != null) {
                r.announced(version);
                signal(id);
            }
        });
    }

    /** Every stream looks again, asking the database once per match: notifications may have been lost. */
    public void signalAll() {
        for (RecentEvents r : recent.values()) {
            r.announced(0);
        }
        for (Set<MatchStream> set : byMatch.values()) {
            for (MatchStream s : set) {
                s.wake();
            }
        }
    }

    public int size() {
        return open.get();
    }

    /** Matches with at least one open stream here (each keeps its {@link RecentEvents}). */
    public int watchedMatches() {
        return recent.size();
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
