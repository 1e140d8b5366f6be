package com.plyyard.lobby.watch;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.proto.v1.MatchEvent;
import io.grpc.stub.ServerCallStreamObserver;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * One WatchMatch stream. Its cursor is the last version sent; a pump reads the events after it from the
 * database in version order and sends them, so the stream has no gaps and no duplicates whichever instance
 * wrote them. At most one pump runs at a time; a wake during a pump makes it read again.
 */
public final class Watcher {
    private static final Logger LOG = Logger.getLogger(Watcher.class);
    private static final int BATCH = 200;

    private final UUID matchId;
    private final ServerCallStreamObserver<MatchEvent> out;
    private final WatchHub hub;
    private final MatchLogic logic;
    private final Executor executor;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long cursor;
    private volatile int presenceSeat = -1;

    public Watcher(UUID matchId, ServerCallStreamObserver<MatchEvent> out, WatchHub hub, MatchLogic logic, Executor executor) {
        this.matchId = matchId;
        this.out = out;
        this.hub = hub;
        this.logic = logic;
        this.executor = executor;
    }

    public UUID matchId() {
        return matchId;
    }

    /** Starts the live part: registered first, so no signal after the cursor is missed. */
    public void start(long fromVersion, int seat) {
        cursor = fromVersion;
        hub.add(this);
        if (closed.get()) {
            hub.remove(this);
            return;
        }
        if (seat >= 0) {
            openPresence(seat);
            if (closed.get()) {
                releasePresence();
            }
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
                List<MatchEvent> batch = QuarkusTransaction.requiringNew().call(() -> EventLog.after(matchId, cursor, BATCH));
                for (MatchEvent e : batch) {
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
                LOG.warnf("WatchMatch %s stopped at version %d: %s", matchId, cursor, e.toString());
                fail(LobbyErrors.unavailable("The event stream broke off; reconnect with from_version " + cursor + "."));
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
            if (presenceSeat >= 0) {
                try {
                    executor.execute(this::releasePresence);
                } catch (RuntimeException e) {
                    releasePresence();
                }
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

    private synchronized void openPresence(int seat) {
        if (closed.get()) {
            return;
        }
        logic.presence(matchId, seat, true);
        presenceSeat = seat;
    }

    private synchronized void releasePresence() {
        int seat = presenceSeat;
        if (seat < 0) {
            return;
        }
        presenceSeat = -1;
        try {
            logic.presence(matchId, seat, false);
        } catch (RuntimeException e) {
            LOG.warnf("could not record that seat %d of match %s disconnected: %s", seat, matchId, e.toString());
        }
    }
}
