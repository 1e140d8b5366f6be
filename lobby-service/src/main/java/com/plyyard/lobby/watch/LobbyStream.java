package com.plyyard.lobby.watch;

import com.plyyard.proto.v1.LobbyEvent;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * One WatchLobby stream, the lobby's twin of {@link MatchStream}: the lobby events after the cursor that this player
 * may see (public ones and those addressed to them), in version order ({@link EventPump}). While the stream is open
 * the player counts as present in the lobby, which keeps their seeks alive.
 */
public final class LobbyStream extends EventPump<LobbyEvent> {
    private static final Logger LOG = Logger.getLogger(LobbyStream.class);

    private final UUID player;
    private final LobbyStreams streams;
    private boolean present;

    LobbyStream(UUID player, EventSink<LobbyEvent> out, LobbyStreams streams, Executor executor) {
        super(out, executor, streams.config.slowClientCutoff());
        this.player = player;
        this.streams = streams;
    }

    public UUID player() {
        return player;
    }

    /** Counts the player present; call before the snapshot is read. */
    public synchronized void open() {
        if (!isClosed() && !present) {
            streams.presence.opened(player);
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

    /** From the events this instance keeps ({@link LobbyTail}); from the database when the cursor is further back. */
    @Override
    protected List<LobbyEvent> after(long version, int limit) {
        LobbyTail.Read kept = streams.tail.after(version, player, limit);
        if (kept != null) {
            if (kept.events().isEmpty()) {
                passed(kept.upTo());
            }
            return kept.events();
        }
        long tailBase = streams.tail.base(); // read before the query: every version up to it had committed by then
        List<LobbyEvent> stored = streams.unitOfWork.call(() -> streams.log.after(version, player, limit));
        if (stored.isEmpty()) {
            passed(tailBase);
        }
        return stored;
    }

    @Override
    protected long versionOf(LobbyEvent event) {
        return event.getVersion();
    }

    @Override
    protected void register() {
        streams.add(this);
    }

    @Override
    protected void unregister() {
        streams.remove(this);
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
            streams.presence.closed(player);
        } catch (RuntimeException e) {
            LOG.warnf("could not record that %s left the lobby: %s", player, e.toString());
        }
    }
}
