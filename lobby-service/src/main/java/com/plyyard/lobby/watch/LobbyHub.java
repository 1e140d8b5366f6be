package com.plyyard.lobby.watch;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This instance's open WatchLobby streams. A signal (after a local commit of lobby events, a NOTIFY on
 * {@code plyyard_lobby_events} from any instance, the LISTEN connection's reconnect, the 5 s safety wake) only wakes
 * them: each then reads the lobby events after its cursor from the database.
 */
@ApplicationScoped
public class LobbyHub {
    private final Set<LobbyWatcher> watchers = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;

    public void add(LobbyWatcher w) {
        watchers.add(w);
    }

    public void remove(LobbyWatcher w) {
        watchers.remove(w);
    }

    public void signalAll() {
        for (LobbyWatcher w : watchers) {
            w.wake();
        }
    }

    public int size() {
        return watchers.size();
    }

    public boolean stopping() {
        return stopping;
    }

    /** Server stop: every stream ends with UNAVAILABLE (reconnect with from_version), presence is given back. */
    void onStop(@Observes @Priority(10) ShutdownEvent event) {
        stopping = true;
        List<LobbyWatcher> all = new ArrayList<>(watchers);
        for (LobbyWatcher w : all) {
            w.serverStopping();
        }
    }
}
