package com.plyyard.lobby.players;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A player: a unique name (ignoring case), and whether the operator disabled the account. Read and written through
 * {@link PlayerRepository}; the password, sessions and recovery codes live in tables of their own.
 */
@Entity
@Table(name = "players")
public class PlayerEntity extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(nullable = false, length = 32)
    public String name;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** Set while the operator has disabled the account (OperatorService.DisableAccount). */
    @Column(name = "disabled_at")
    public Instant disabledAt;

    @Column(name = "disabled_reason", nullable = false, length = 200)
    public String disabledReason = "";
}
