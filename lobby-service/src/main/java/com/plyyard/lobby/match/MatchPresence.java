package com.plyyard.lobby.match;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.PlayerPresence;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;

/**
 * Whether a seated player is connected: their open WatchMatch streams on the seat ({@code seats.connections}). Only
 * the 0↔1 edges are events (PlayerPresence), which do not invalidate an expected_version.
 */
@ApplicationScoped
public class MatchPresence {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    MatchChanges changes;

    @Inject
    MatchEventLog events;

    /** A seated player's WatchMatch stream opened ({@code opened}) or closed. */
    public void streamChanged(UUID matchId, int seat, boolean opened) {
        unitOfWork.run(() -> {
            MatchBeingChanged match = changes.lock(matchId);
            SeatEntity s = match.seat(seat);
            if (opened) {
                s.connections++;
                if (s.connections == 1) {
                    connected(match, seat, true);
                }
            } else if (s.connections > 0) {
                s.connections--;
                if (s.connections == 0) {
                    connected(match, seat, false);
                }
            }
        });
    }

    private void connected(MatchBeingChanged match, int seat, boolean connected) {
        events.append(match.row, MatchEvent.newBuilder().setPresence(
            PlayerPresence.newBuilder().setSeat(seat).setConnected(connected)), match.now);
    }
}
