package com.plyyard.lobby.matchmaking;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who is in the lobby: the open WatchLobby streams per player and lobby instance ({@code lobby_presence}). Opening a
 * stream adds one, closing it subtracts one, both setting {@code last_seen}; every
 * {@code plyyard.lobby.presence-heartbeat-seconds} each instance refreshes {@code last_seen} of its open streams. A
 * player is connected while some row has open streams and a {@code last_seen} younger than three heartbeats, so the
 * streams of an instance that died (no clean stop) stop counting by themselves.
 */
@ApplicationScoped
public class LobbyPresence {
    private final UUID instance = UUID.randomUUID();

    @ConfigProperty(name = "plyyard.lobby.presence-heartbeat-seconds", defaultValue = "10")
    int heartbeatSeconds;

    public UUID instance() {
        return instance;
    }

    /** How old a last_seen may be for its open streams to count. */
    public double staleSeconds() {
        return 3.0 * Math.max(1, heartbeatSeconds);
    }

    public int heartbeatSeconds() {
        return Math.max(1, heartbeatSeconds);
    }

    public void opened(UUID player) {
        QuarkusTransaction.requiringNew().run(() -> Db.update(
            "INSERT INTO lobby_presence (instance_id, player_id, streams, last_seen) VALUES (?, ?, 1, clock_timestamp()) "
                + "ON CONFLICT (instance_id, player_id) DO UPDATE SET streams = lobby_presence.streams + 1, "
                + "last_seen = clock_timestamp()", instance, player));
    }

    public void closed(UUID player) {
        QuarkusTransaction.requiringNew().run(() -> Db.update(
            "UPDATE lobby_presence SET streams = greatest(streams - 1, 0), last_seen = clock_timestamp() "
                + "WHERE instance_id = ? AND player_id = ?", instance, player));
    }

    /** Refreshes this instance's open streams and forgets rows nobody has used for a day. */
    void heartbeat() {
        QuarkusTransaction.requiringNew().run(() -> {
            Db.update("UPDATE lobby_presence SET last_seen = clock_timestamp() WHERE instance_id = ? AND streams > 0", instance);
            Db.update("DELETE FROM lobby_presence WHERE last_seen < clock_timestamp() - interval '1 day'");
        });
    }

    /** SQL: whether the player in column {@code column} is connected now (one parameter: staleSeconds()). */
    static String connected(String column) {
        return "EXISTS (SELECT 1 FROM lobby_presence pr WHERE pr.player_id = " + column + " AND pr.streams > 0 "
            + "AND pr.last_seen > clock_timestamp() - make_interval(secs => ?))";
    }
}
