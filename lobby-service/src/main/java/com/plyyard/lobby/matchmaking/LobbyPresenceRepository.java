package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/** Open WatchLobby streams per player and instance. Call inside a unit of work. */
@ApplicationScoped
public class LobbyPresenceRepository implements PanacheRepositoryBase<LobbyPresenceEntity, LobbyPresenceEntity.Key> {
    /** One more stream; {@code ON CONFLICT}: the row of this instance and player is created or counted up atomically. */
    void opened(UUID instance, UUID player, Instant now) {
        getEntityManager().createNativeQuery("INSERT INTO lobby_presence (instance_id, player_id, streams, last_seen) "
                + "VALUES (?1, ?2, 1, ?3) ON CONFLICT (instance_id, player_id) DO UPDATE SET "
                + "streams = lobby_presence.streams + 1, last_seen = ?3")
            .setParameter(1, instance).setParameter(2, player).setParameter(3, now).executeUpdate();
    }

    void closed(UUID instance, UUID player, Instant now) {
        update("streams = case when streams > 0 then streams - 1 else 0 end, lastSeen = ?3 "
            + "where instanceId = ?1 and playerId = ?2", instance, player, now);
    }

    /** This instance still vouches for its open streams. */
    void refresh(UUID instance, Instant now) {
        update("lastSeen = ?2 where instanceId = ?1 and streams > 0", instance, now);
    }

    /** Forgets rows nobody has used since {@code before}. */
    void forgetUnusedSince(Instant before) {
        delete("lastSeen < ?1", before);
    }
}
