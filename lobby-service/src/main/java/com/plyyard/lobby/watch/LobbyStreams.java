package com.plyyard.lobby.watch;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.matchmaking.LobbyEventLog;
import com.plyyard.lobby.matchmaking.LobbyEventsCommitted;
import com.plyyard.lobby.matchmaking.LobbyPresence;
import com.plyyard.proto.v1.LobbyEvent;
import io.quarkus.runtime.ShutdownEvent;
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

/**
 * This instance's open WatchLobby streams. A signal (after a local commit of lobby events, a NOTIFY on
 * {@code plyyard_lobby_events} from any instance, the LISTEN connection's reconnect, the 5 s safety wake) only wakes
 * them: each then reads the lobby events after its cursor from the database.
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

    private final Set<LobbyStream> streams = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;

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

    public void signalAll() {
        for (LobbyStream s : streams) {
            s.wake();
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
