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

/** A player's request for a rematch of a finished match. */
@Entity
@Table(name = "rematch_requests")
@IdClass(RematchRequestEntity.Key.class)
public class RematchRequestEntity extends PanacheEntityBase {
    @Id
    @Column(name = "previous_match_id")
    public UUID previousMatchId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** The key: previous match, player. */
    public record Key(UUID previousMatchId, UUID playerId) implements Serializable {
    }
}
