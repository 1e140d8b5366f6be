package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One event of the lobby's append-only log; the payload is the LobbyEvent proto. */
@Entity
@Table(name = "lobby_events")
public class LobbyEventEntity extends PanacheEntityBase {
    @Id
    public long version;

    /** The LobbyEvent oneof case, e.g. PAIRED. */
    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public byte[] payload;

    /** Null: everyone may see it; otherwise only these players. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    public UUID[] recipients;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
