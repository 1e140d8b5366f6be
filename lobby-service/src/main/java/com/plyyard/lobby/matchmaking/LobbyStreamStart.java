package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.LobbyEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;

/** The start of a WatchLobby stream: the version check, and the snapshot for from_version 0. */
@ApplicationScoped
public class LobbyStreamStart {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyEventLog log;

    @Inject
    MatchmakingViews views;

    /** @param snapshot the snapshot event (version 0), or null when resuming; version: the cursor to start after */
    public record Start(LobbyEvent snapshot, long version) {
    }

    public Start start(UUID me, long fromVersion) {
        return unitOfWork.call(() -> {
            if (fromVersion == 0) {
                // the log row under a share lock: no lobby transaction commits while the snapshot is read, so the
                // snapshot is exactly the state at this version
                long v = log.version(true);
                LobbyEvent snapshot = LobbyEvent.newBuilder().setVersion(0).setSnapshotVersion(v)
                    .setAtEpochMillis(System.currentTimeMillis()).setSnapshot(views.snapshot(me)).build();
                return new Start(snapshot, v);
            }
            requireKnown(fromVersion, log.version(false));
            return new Start(null, fromVersion);
        });
    }

    /**
     * Refuses a {@code fromVersion} beyond the lobby's current version — before the stream counts the player present, so
     * that the refusal changes nothing stored (the version only grows: {@link #start} then finds it known too).
     */
    public void check(long fromVersion) {
        if (fromVersion != 0) {
            unitOfWork.run(() -> requireKnown(fromVersion, log.version(false)));
        }
    }

    private static void requireKnown(long fromVersion, long current) {
        if (Long.compareUnsigned(fromVersion, current) > 0) { // a uint64: 2^63 and above are beyond, not negative
            throw LobbyException.invalid("Version " + Long.toUnsignedString(fromVersion) + " is beyond the lobby's current "
                + "version " + current + ".");
        }
    }
}
