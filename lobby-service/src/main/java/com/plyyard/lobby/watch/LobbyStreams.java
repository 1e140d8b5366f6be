package com.plyyard.lobby.watch;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.matchmaking.LobbyEventLog;
import com.plyyard.lobby.matchmaking.LobbyEventsCommitted;
import com.plyyard.lobby.matchmaking.LobbyPresence;
import com.plyyard.proto.v1.LobbyEvent;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * This instance's open WatchLobby streams. A signal (after a local commit of lobby events, a NOTIFY on
 * {@code plyyard_lobby_events} from any instance, the LISTEN connection's reconnect, the 5 s safety wake) makes one
 * thread read what the log gained into the {@link LobbyTail}, once for every stream, and then wakes them: each takes
 * the events after its cursor that its player may see from there.
 */
@ApplicationScoped
public class LobbyStreams {
    @Inject
    WatchConfig config;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyEventLog log;

    @Inject
    LobbyPresence presence;

    private static final Logger LOG = Logger.getLogger(LobbyStreams.class);
    /** Events kept: a stream that fell further behind than this reads the database. */
    private static final int TAIL_EVENTS = 4096;
    private static final int TAIL_READ = 500;

    private final Set<LobbyStream> streams = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;
    LobbyTail tail;
    private ExecutorService reader;
    /** A refresh is running or queued; {@link #again}: a signal came during it, so it reads once more. */
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();

    @PostConstruct
    void start() {
        tail = new LobbyTail(TAIL_EVENTS, TAIL_READ, () -> unitOfWork.call(log::current),
            version -> unitOfWork.call(() -> log.allAfter(version, TAIL_READ)));
        reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lobby-tail");
            t.setDaemon(true);
            return t;
        });
    }

    @PreDestroy
    void stop() {
        reader.shutdownNow();
    }

    /** A new stream of the player's lobby into {@code out}, pumped on {@code executor}. */
    public LobbyStream create(UUID player, EventSink<LobbyEvent> out, Executor executor) {
        return new LobbyStream(player, out, this, executor);
    }

    void add(LobbyStream s) {
        streams.add(s);
    }

    void remove(LobbyStream s) {
        streams.remove(s);
    }

    void onCommitted(@Observes LobbyEventsCommitted committed) {
        signalAll();
    }

    /**
     * Reads the log's new events into the tail (on its own thread, one read for any number of signals), then wakes
     * every stream.
     */
    public void signalAll() {
        again.set(true);
        if (!refreshing.compareAndSet(false, true)) {
            return; // the running refresh reads again before it ends
        }
        try {
            reader.execute(this::refreshAndWake);
        } catch (RejectedExecutionException stopped) {
            refreshing.set(false);
        }
    }

    private void refreshAndWake() {
        try {
            while (again.getAndSet(false)) {
                try {
                    tail.refresh();
                } catch (RuntimeException e) {
                    // the database is away: the streams read nothing new now; the listener's reconnection (or the
                    // 5 s safety wake) signals again
                    LOG.debugf("the lobby log could not be read: %s", e.toString());
                    continue;
                }
                for (LobbyStream s : streams) {
                    s.wake();
                }
            }
        } finally {
            refreshing.set(false);
        }
        if (again.get()) {
            signalAll(); // a signal between the last read and the end of the loop
        }
    }

    public int size() {
        return streams.size();
    }

    public boolean stopping() {
        return stopping;
    }

    /** Server stop: every stream ends with UNAVAILABLE (reconnect with from_version), presence is given back. */
    void onStop(@Observes @Priority(10) ShutdownEvent event) {
        stopping = true;
        List<LobbyStream> all = new ArrayList<>(streams);
        for (LobbyStream s : all) {
            s.serverStopping();
        }
    }
}
