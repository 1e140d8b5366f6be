package com.plyyard.lobby.learn;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class ExerciseProgressRepository implements PanacheRepositoryBase<ExerciseProgressEntity, ExerciseProgressEntity.Key> {
    /** Every row of the player, in no particular order. */
    public List<ExerciseProgressEntity> of(UUID player) {
        return list("playerId", player);
    }

    /**
     * One more answer to a part, counted in one statement, so that answers sent at once from two devices are both
     * counted; the first solution's time is kept.
     */
    public void count(UUID player, String exercise, int part, boolean correct, boolean solved, Instant now) {
        getEntityManager().createNativeQuery("INSERT INTO exercise_progress (player_id, exercise_id, part, attempts, wrong, "
                + "solved_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, CASE WHEN ?5 THEN CAST(?6 AS timestamptz) END, ?6) ON CONFLICT (player_id, exercise_id, part) "
                + "DO UPDATE SET attempts = exercise_progress.attempts + 1, wrong = exercise_progress.wrong + excluded.wrong, "
                + "solved_at = coalesce(exercise_progress.solved_at, excluded.solved_at), updated_at = excluded.updated_at")
            .setParameter(1, player).setParameter(2, exercise).setParameter(3, part).setParameter(4, correct ? 0 : 1)
            .setParameter(5, solved).setParameter(6, now).executeUpdate();
    }
}
