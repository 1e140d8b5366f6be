package com.plyyard.lobby.watch;

import com.plyyard.proto.v1.MatchEvent;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * One WatchMatch stream: the match's events after the cursor ({@link EventPump}). A player watching their own match
 * is "connected" on their seat while the stream is open.
 */
public final class MatchStream extends EventPump<MatchEvent> {
    private static final Logger LOG = Logger.getLogger(MatchStream.class);

    private final UUID matchId;
    private final MatchStreams streams;
    private volatile int presenceSeat = -1;

    MatchStream(UUID matchId, EventSink<MatchEvent> out, MatchStreams streams, Executor executor) {
        super(out, executor, streams.config.slowClientCutoff());
        this.matchId = matchId;
        this.streams = streams;
    }

    public UUID matchId() {
        return matchId;
    }

    /** Starts the live part after {@code fromVersion}; {@code seat} ≥ 0: the watcher's own seat, now connected. */
    public void start(long fromVersion, int seat) {
        if (!begin(fromVersion)) {
            return;
        }
        if (seat >= 0) {
            openPresence(seat);
            if (isClosed()) {
                releasePresence();
            }
        }
        wake();
    }

    @Override
    protected List<MatchEvent> after(long version, int limit) {
        return streams.after(matchId, version, limit);
    }

    @Override
    protected long versionOf(MatchEvent event) {
        return event.getVersion();
    }

    @Override
    protected void sending(MatchEvent event) {
        streams.delivered(event);
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
    protected boolean holdsPresence() {
        return presenceSeat >= 0;
    }

    @Override
    protected String describe() {
        return "WatchMatch " + matchId;
    }

    private synchronized void openPresence(int seat) {
        if (isClosed()) {
            return;
        }
        streams.presence.streamChanged(matchId, seat, true);
        presenceSeat = seat;
    }

    @Override
    protected synchronized void releasePresence() {
        int seat = presenceSeat;
        if (seat < 0) {
            return;
        }
        presenceSeat = -1;
        try {
            streams.presence.streamChanged(matchId, seat, false);
        } catch (RuntimeException e) {
            LOG.warnf("could not record that seat %d of match %s disconnected: %s", seat, matchId, e.toString());
        }
    }
}
