package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.db.UnitOfWork;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;

/**
 * Who is in the lobby: the open WatchLobby streams per player and lobby instance ({@code lobby_presence}). Opening a
 * stream adds one, closing it subtracts one, both setting {@code last_seen}; every
 * {@code plyyard.lobby.matchmaking.presence-heartbeat} each instance refreshes {@code last_seen} of its open streams. A
 * player is connected while some row has open streams and a {@code last_seen} younger than three heartbeats, so the
 * streams of an instance that died (no clean stop) stop counting by themselves.
 */
@ApplicationScoped
public class LobbyPresence {
    private final UUID instance = UUID.randomUUID();

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    LobbyPresenceRepository presence;

    @Inject
    LobbyClock clock;

    @Inject
    MatchmakingConfig config;

    /** How old a last_seen may be for its open streams to count. */
    Duration stale() {
        return heartbeat().multipliedBy(3);
    }

    Duration heartbeat() {
        Duration d = config.presenceHeartbeat();
        return d.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : d;
    }

    public void opened(UUID player) {
        unitOfWork.run(() -> presence.opened(instance, player, clock.now()));
    }

    public void closed(UUID player) {
        unitOfWork.run(() -> presence.closed(instance, player, clock.now()));
    }

    /** Refreshes this instance's open streams and forgets rows nobody has used for a day. */
    void heartbeatNow() {
        unitOfWork.run(() -> {
            var now = clock.now();
            presence.refresh(instance, now);
            presence.forgetUnusedSince(now.minus(Duration.ofDays(1)));
        });
    }
}
