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

/** A seat of a seek: free (no player) or taken. */
@Entity
@Table(name = "seek_seats")
@IdClass(SeekSeatEntity.Key.class)
public class SeekSeatEntity extends PanacheEntityBase {
    @Id
    @Column(name = "seek_id")
    public UUID seekId;

    @Id
    public int idx;

    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "joined_at")
    public Instant joinedAt;

    /** The key: seek, seat index. */
    public record Key(UUID seekId, int idx) implements Serializable {
    }
}
