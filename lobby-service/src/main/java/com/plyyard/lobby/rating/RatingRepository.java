package com.plyyard.lobby.rating;

import com.plyyard.lobby.db.Locking;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Ratings and rating changes. Call inside a unit of work. */
@ApplicationScoped
public class RatingRepository implements PanacheRepositoryBase<RatingEntity, RatingEntity.Key> {
    /** The rows of these players in a variant and time class (players without a row are left out). */
    public List<RatingEntity> of(List<UUID> players, String variant, String timeClass) {
        if (players.isEmpty()) {
            return List.of();
        }
        return list("variant = ?1 and timeClass = ?2 and playerId in ?3", variant, timeClass, players);
    }

    /** Every rating of a player, by variant and time class. */
    public List<RatingEntity> ofPlayer(UUID player) {
        return list("playerId = ?1 order by variant, timeClass", player);
    }

    /**
     * The rows of these players, created at the start rating where missing, then locked in id order (two matches
     * finishing at once wait for each other, never deadlock). {@code ON CONFLICT DO NOTHING}: a row another
     * transaction creates meanwhile wins without failing this one.
     */
    public List<RatingEntity> lockCreatingMissing(List<UUID> sortedPlayers, String variant, String timeClass, Instant now) {
        for (UUID p : sortedPlayers) {
            getEntityManager().createNativeQuery("INSERT INTO ratings (player_id, variant, time_class, rating, rd, volatility, "
                    + "games, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7) ON CONFLICT DO NOTHING")
                .setParameter(1, p).setParameter(2, variant).setParameter(3, timeClass)
                .setParameter(4, Glicko2.START_RATING).setParameter(5, Glicko2.START_RD)
                .setParameter(6, Glicko2.START_VOLATILITY).setParameter(7, now).executeUpdate();
        }
        return Locking.forUpdate(getEntityManager().createQuery("select r from RatingEntity r where r.variant = :variant "
                + "and r.timeClass = :timeClass and r.playerId in :players order by r.playerId", RatingEntity.class))
            .setParameter("variant", variant).setParameter("timeClass", timeClass).setParameter("players", sortedPlayers)
            .getResultList();
    }

    public void persistChange(RatingChangeEntity change) {
        getEntityManager().persist(change);
    }
}
