package com.plyyard.lobby.players;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A player's token, stored only as its SHA-256 (the token itself is shown once, by Register). */
@Entity
@Table(name = "tokens")
public class TokenEntity extends PanacheEntityBase {
    @Id
    public byte[] hash;

    @Column(name = "player_id", nullable = false)
    public UUID playerId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
