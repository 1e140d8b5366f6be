package com.plyyard.lobby.watch;

import com.plyyard.lobby.matchmaking.LobbyLog;
import com.plyyard.lobby.matchmaking.LobbyPresence;
import com.plyyard.proto.v1.LobbyEvent;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * One WatchLobby stream, the lobby's twin of {@link Watcher}: the lobby events after the cursor that this player may
 * see (public ones and those addressed to them), in version order ({@link EventPump}). While the stream is open the
 * player counts as present in the lobby ({@link LobbyPresence}), which keeps their seeks alive.
 */
public final class LobbyWatcher extends EventPump<LobbyEvent> {
    private static final Logger LOG = Logger.getLogger(LobbyWatcher.class);

    private final UUID player;
    private final LobbyHub hub;
    private final LobbyPresence presence;
    private boolean present;

    public LobbyWatcher(UUID player, ServerCallStreamObserver<LobbyEvent> out, LobbyHub hub, LobbyPresence presence,
                        Executor executor) {
        super(out, executor);
        this.player = player;
        this.hub = hub;
        this.presence = presence;
    }

    public UUID player() {
        return player;
    }

    /** Counts the player present; call before the snapshot is read. */
    public synchronized void open() {
        if (!isClosed() && !present) {
            presence.opened(player);
            present = true;
        }
    }

    /** Starts the live part after {@code fromVersion}. */
    public void start(long fromVersion) {
        if (!begin(fromVersion)) {
            releasePresence();
            return;
        }
        wake();
    }

    @Override
    protected List<LobbyEvent> after(long version, int limit) {
        return LobbyLog.after(version, player, limit);
    }

    @Override
    protected long versionOf(LobbyEvent event) {
        return event.getVersion();
    }

    @Override
    protected void register() {
        hub.add(this);
    }

    @Override
    protected void unregister() {
        hub.remove(this);
    }

    @Override
    protected synchronized boolean holdsPresence() {
        return present;
    }

    @Override
    protected String describe() {
        return "WatchLobby of " + player;
    }

    @Override
    protected synchronized void releasePresence() {
        if (!present) {
            return;
        }
        present = false;
        try {
            presence.closed(player);
        } catch (RuntimeException e) {
            LOG.warnf("could not record that %s left the lobby: %s", player, e.toString());
        }
    }
}
