package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/** A player's open WatchLobby streams on one lobby instance, and when that instance last vouched for them. */
@Entity
@Table(name = "lobby_presence")
@IdClass(LobbyPresenceEntity.Key.class)
public class LobbyPresenceEntity extends PanacheEntityBase {
    @Id
    @Column(name = "instance_id")
    public UUID instanceId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Column(nullable = false)
    public int streams;

    @Column(name = "last_seen", nullable = false)
    public Instant lastSeen;

    /** The key: instance, player. */
    public record Key(UUID instanceId, UUID playerId) implements Serializable {
    }
}
