package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A seek: posted by an owner, accepted seat by seat; the last seat starts the match. */
@Entity
@Table(name = "seeks")
public class SeekEntity extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(name = "owner_id", nullable = false)
    public UUID ownerId;

    @Embedded
    public GameSpecColumns game;

    /** Null: no lower bound. */
    @Column(name = "rating_min")
    public Integer ratingMin;

    /** Null: no upper bound. */
    @Column(name = "rating_max")
    public Integer ratingMax;

    @Column(name = "seat_count", nullable = false)
    public int seatCount;

    /** A {@code SeekStatus} name. */
    @Column(nullable = false)
    public String status;

    @Column(name = "match_id")
    public UUID matchId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
