package com.plyyard.lobby.watch;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.TransientFailures;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * What WatchMatch and WatchLobby streams share: a cursor (the last version sent) and a pump that reads the events
 * after it from the database in version order and sends them, so a stream has no gaps and no duplicates whichever
 * instance wrote the events. At most one pump runs at a time; a wake during a pump makes it read again. Subclasses
 * say which events (and which hub signals them), and hold the presence the open stream stands for.
 */
public abstract class EventPump<E> {
    private static final Logger LOG = Logger.getLogger(EventPump.class);
    private static final int BATCH = 200;

    private final EventSink<E> out;
    private final Executor executor;
    /** How long the client may take nothing while events wait before its stream is cut (it resumes from its cursor). */
    private final long slowClientMillis;
    /** Since when the client has taken nothing while an event waits (0: it takes what comes). */
    private volatile long stalledSince;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long cursor;
    /**
     * Set by {@link #begin}: until then the cursor is not the stream's, and a wake (the transport's first "ready"
     * comes while the snapshot is being sent) must not send anything.
     */
    private volatile boolean begun;
    /** Run once when the stream closes (its slot given back); set by {@link #onClose}. */
    private volatile Runnable onClose;

    EventPump(EventSink<E> out, Executor executor, Duration slowClientCutoff) {
        this.out = out;
        this.executor = executor;
        this.slowClientMillis = slowClientCutoff.toMillis();
    }

    /** Up to {@code limit} events after the version, in version order. */
    protected abstract List<E> after(long version, int limit);

    protected abstract long versionOf(E event);

    /** Adds this stream to its hub, whose signals {@link #wake} it. */
    protected abstract void register();

    protected abstract void unregister();

    /** Gives back the presence this stream stands for, if any; idempotent, may touch the database. */
    protected abstract void releasePresence();

    protected abstract boolean holdsPresence();

    /** An event is being handed to the client's stream (for the metrics); nothing by default. */
    protected void sending(E event) {
    }

    /** For the log: e.g. "WatchMatch 1234…". */
    protected abstract String describe();

    /**
     * Called from {@link #after} when no event up to {@code version} is for this stream (another player's, all of
     * them): the cursor moves past them, so the next read does not look at them again.
     */
    protected final void passed(long version) {
        if (version > cursor) {
            cursor = version;
        }
    }

    protected final boolean isClosed() {
        return closed.get();
    }

    /**
     * Starts the live part after {@code fromVersion}: registered before the first read, so no signal after the cursor
     * is missed. False if the stream was closed meanwhile (then it is unregistered again).
     */
    protected final boolean begin(long fromVersion) {
        cursor = fromVersion;
        begun = true;
        register();
        if (closed.get()) {
            unregister();
            return false;
        }
        return true;
    }

    public final void wake() {
        if (closed.get() || !begun) {
            return; // not begun: the snapshot is still being sent, and begin() wakes the pump itself
        }
        dirty.set(true);
        if (running.compareAndSet(false, true)) {
            try {
                executor.execute(this::pump);
            } catch (RuntimeException e) {
                running.set(false);
                fail(LobbyException.exhausted("The lobby is overloaded; reconnect with from_version " + cursor + "."));
            }
        }
    }

    /** Runs {@code action} once when this stream closes (at once if it has closed already). */
    public final void onClose(Runnable action) {
        synchronized (closed) {
            if (!closed.get()) {
                onClose = action;
                return;
            }
        }
        action.run();
    }

    private void closedNow() {
        Runnable action;
        synchronized (closed) {
            action = onClose;
            onClose = null;
        }
        if (action != null) {
            action.run();
        }
    }

    /** The client takes messages again (the transport's onReady): send what waits. */
    public final void ready() {
        wake();
    }

    private void pump() {
        try {
            while (!closed.get()) {
                dirty.set(false);
                List<E> batch = after(cursor, BATCH);
                for (E e : batch) {
                    if (closed.get()) {
                        return;
                    }
                    if (!out.ready()) {
                        stalled();
                        return; // ready() wakes the pump again; the events stay in the log, not in a queue
                    }
                    stalledSince = 0;
                    sending(e);
                    out.send(e);
                    cursor = versionOf(e);
                }
                if (batch.size() < BATCH && !dirty.get()) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            if (TransientFailures.databaseUnreachable(e) && !closed.get()) {
                // the stream outlives a database outage: the listener's reconnection (or the 5 s safety net) wakes it
                // again, and it goes on from its cursor
                LOG.debugf("%s waits for the database at version %d: %s", describe(), cursor, e.toString());
                dirty.set(false);
                return;
            }
            if (!closed.get()) {
                LOG.warnf("%s stopped at version %d: %s", describe(), cursor, e.toString());
                fail(LobbyException.unavailable("The event stream broke off; reconnect with from_version " + cursor + "."));
            }
            return;
        } finally {
            running.set(false);
        }
        if (dirty.get() && !closed.get()) {
            wake();
        }
    }

    /**
     * The client takes nothing while an event waits: after the slow-client cutoff of that (seen on a later wake, at the
     * latest the 5 s safety net's) the stream is cut with RESOURCE_EXHAUSTED naming the version to resume from.
     */
    private void stalled() {
        long now = System.currentTimeMillis();
        if (stalledSince == 0) {
            stalledSince = now;
        } else if (now - stalledSince > slowClientMillis) {
            LOG.infof("%s cut: the client took nothing for %d ms, at version %d", describe(), now - stalledSince, cursor);
            fail(LobbyException.exhausted("This stream fell behind: the client took no event for "
                + (now - stalledSince) / 1000 + " s; reconnect with from_version " + cursor + "."));
        }
    }

    /** The client cancelled (or the call ended): unregister and give presence back (off the gRPC thread). */
    public final void cancelled() {
        if (closeOnce()) {
            unregister();
            if (holdsPresence()) {
                try {
                    executor.execute(this::releasePresence);
                } catch (RuntimeException e) {
                    releasePresence();
                }
            }
        }
    }

    /** Closes the stream if it was open: true the one time it does (and its close action runs). */
    private boolean closeOnce() {
        boolean now;
        synchronized (closed) {
            now = closed.compareAndSet(false, true);
        }
        if (now) {
            closedNow();
        }
        return now;
    }

    final void serverStopping() {
        fail(LobbyException.unavailable("lobby-service is shutting down; reconnect with from_version " + cursor + "."));
    }

    private void fail(LobbyException reason) {
        if (closeOnce()) {
            unregister();
            releasePresence();
            try {
                out.fail(reason);
            } catch (RuntimeException ignored) {
                // the client is gone already
            }
        }
    }
}
