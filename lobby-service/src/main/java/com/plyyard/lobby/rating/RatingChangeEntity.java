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

/** What one rated match did to one player's rating (the key also makes a match count once). */
@Entity
@Table(name = "rating_changes")
@IdClass(RatingChangeEntity.Key.class)
public class RatingChangeEntity extends PanacheEntityBase {
    @Id
    @Column(name = "match_id")
    public UUID matchId;

    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Column(nullable = false)
    public String variant;

    @Column(name = "time_class", nullable = false)
    public String timeClass;

    @Column(name = "rating_before", nullable = false)
    public double ratingBefore;

    @Column(name = "rd_before", nullable = false)
    public double rdBefore;

    @Column(name = "volatility_before", nullable = false)
    public double volatilityBefore;

    @Column(name = "rating_after", nullable = false)
    public double ratingAfter;

    @Column(name = "rd_after", nullable = false)
    public double rdAfter;

    @Column(name = "volatility_after", nullable = false)
    public double volatilityAfter;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** The key: match, player. */
    public record Key(UUID matchId, UUID playerId) implements Serializable {
    }
}
