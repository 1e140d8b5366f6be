package com.plyyard.lobby.players;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A session: one signed-in device of a player, known by its token's SHA-256 (the token itself is shown once). Read and
 * written through {@link SessionRepository}.
 */
@Entity
@Table(name = "sessions")
public class SessionEntity extends PanacheEntityBase {
    @Id
    public byte[] hash;

    /** The public id (SignOutSession), never the token. */
    @Column(nullable = false, unique = true)
    public UUID id;

    @Column(name = "player_id", nullable = false)
    public UUID playerId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** A SessionKind name: SESSION_KIND_TOKEN, SESSION_KIND_PASSWORD, SESSION_KIND_RECOVERY. */
    @Column(nullable = false, length = 24)
    public String kind;

    @Column(name = "device_label", nullable = false, length = 64)
    public String deviceLabel;

    @Column(nullable = false, length = 64)
    public String address;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;

    @Column(name = "expires_at")
    public Instant expiresAt;
}
