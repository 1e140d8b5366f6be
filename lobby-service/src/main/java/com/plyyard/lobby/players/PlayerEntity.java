package com.plyyard.lobby.players;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A player: a unique name (ignoring case). Read and written through {@link PlayerRepository}. */
@Entity
@Table(name = "players")
public class PlayerEntity extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(nullable = false, length = 32)
    public String name;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
