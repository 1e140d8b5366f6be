package com.plyyard.lobby.learn;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/** A player's answers to one part of one exercise: how many, how many wrong, and when it was first solved. */
@Entity
@Table(name = "exercise_progress")
@IdClass(ExerciseProgressEntity.Key.class)
public class ExerciseProgressEntity extends PanacheEntityBase {
    @Id
    @Column(name = "player_id")
    public UUID playerId;

    @Id
    @Column(name = "exercise_id")
    public String exerciseId;

    @Id
    public int part;

    @Column(nullable = false)
    public int attempts;

    @Column(nullable = false)
    public int wrong;

    /** Null until the part is solved; the first solution's time after that. */
    @Column(name = "solved_at")
    public Instant solvedAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** The key: player, exercise, part. */
    public record Key(UUID playerId, String exerciseId, int part) implements Serializable {
    }
}
