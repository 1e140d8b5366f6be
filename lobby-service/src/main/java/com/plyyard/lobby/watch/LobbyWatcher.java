package com.plyyard.lobby.watch;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.matchmaking.LobbyLog;
import com.plyyard.lobby.matchmaking.LobbyPresence;
import com.plyyard.proto.v1.LobbyEvent;
import io.grpc.stub.ServerCallStreamObserver;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * One WatchLobby stream, the lobby's twin of {@link Watcher}: its cursor is the last version sent; a pump reads the
 * lobby events after it that this player may see (public ones and those addressed to them) from the database in
 * version order, so the stream never has a duplicate or an event out of order, whichever instance wrote it. While the
 * stream is open the player counts as present in the lobby ({@link LobbyPresence}), which keeps their seeks alive.
 */
public final class LobbyWatcher {
    private static final Logger LOG = Logger.getLogger(LobbyWatcher.class);
    private static final int BATCH = 200;

    private final UUID player;
    private final ServerCallStreamObserver<LobbyEvent> out;
    private final LobbyHub hub;
    private final LobbyPresence presence;
    private final Executor executor;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long cursor;
    private boolean present;

    public LobbyWatcher(UUID player, ServerCallStreamObserver<LobbyEvent> out, LobbyHub hub, LobbyPresence presence,
                        Executor executor) {
        this.player = player;
        this.out = out;
        this.hub = hub;
        this.presence = presence;
        this.executor = executor;
    }

    public UUID player() {
        return player;
    }

    /** Counts the player present; call before the snapshot is read. */
    public synchronized void open() {
        if (!closed.get() && !present) {
            presence.opened(player);
            present = true;
        }
    }

    /** Starts the live part after {@code fromVersion}: registered first, so no signal after the cursor is missed. */
    public void start(long fromVersion) {
        cursor = fromVersion;
        hub.add(this);
        if (closed.get()) {
            hub.remove(this);
            releasePresence();
            return;
        }
        wake();
    }

    public void wake() {
        if (closed.get()) {
            return;
        }
        dirty.set(true);
        if (running.compareAndSet(false, true)) {
            try {
                executor.execute(this::pump);
            } catch (RuntimeException e) {
                running.set(false);
                fail(LobbyErrors.exhausted("The lobby is overloaded; reconnect with from_version " + cursor + "."));
            }
        }
    }

    private void pump() {
        try {
            while (!closed.get()) {
                dirty.set(false);
                List<LobbyEvent> batch = QuarkusTransaction.requiringNew().call(() -> LobbyLog.after(cursor, player, BATCH));
                for (LobbyEvent e : batch) {
                    if (closed.get()) {
                        return;
                    }
                    out.onNext(e);
                    cursor = e.getVersion();
                }
                if (batch.size() < BATCH && !dirty.get()) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            if (!closed.get()) {
                LOG.warnf("WatchLobby of %s stopped at version %d: %s", player, cursor, e.toString());
                fail(LobbyErrors.unavailable("The lobby stream broke off; reconnect with from_version " + cursor + "."));
            }
            return;
        } finally {
            running.set(false);
        }
        if (dirty.get() && !closed.get()) {
            wake();
        }
    }

    /** The client cancelled (or the call ended): unregister and give presence back. */
    public void cancelled() {
        if (closed.compareAndSet(false, true)) {
            hub.remove(this);
            try {
                executor.execute(this::releasePresence);
            } catch (RuntimeException e) {
                releasePresence();
            }
        }
    }

    void serverStopping() {
        if (closed.compareAndSet(false, true)) {
            hub.remove(this);
            releasePresence();
            try {
                out.onError(LobbyErrors.unavailable("lobby-service is shutting down; reconnect with from_version " + cursor + "."));
            } catch (RuntimeException ignored) {
                // the client is gone already
            }
        }
    }

    private void fail(RuntimeException status) {
        if (closed.compareAndSet(false, true)) {
            hub.remove(this);
            releasePresence();
            try {
                out.onError(status);
            } catch (RuntimeException ignored) {
                // the client is gone already
            }
        }
    }

    private synchronized void releasePresence() {
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
