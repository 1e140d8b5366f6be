package com.plyyard.lobby.rating;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/** A player's Glicko-2 rating in one variant and time class; no row = the start rating, no games. */
@Entity
@Table(name = "ratings")
@IdClass(RatingEntity.Key.class)
public class RatingEntity extends PanacheEntityBase {
    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Id
    public String variant;

    @Id
    @Column(name = "time_class")
    public String timeClass;

    @Column(nullable = false)
    public double rating;

    @Column(nullable = false)
    public double rd;

    @Column(nullable = false)
    public double volatility;

    @Column(nullable = false)
    public int games;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    Glicko2.Rating glicko() {
        return new Glicko2.Rating(rating, rd, volatility);
    }

    /** The key: player, variant, time class. */
    public record Key(UUID playerId, String variant, String timeClass) implements Serializable {
    }
}
