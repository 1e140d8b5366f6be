package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.db.Locking;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Challenges. Call inside a unit of work. */
@ApplicationScoped
public class ChallengeRepository implements PanacheRepositoryBase<ChallengeEntity, UUID> {
    ChallengeEntity lock(UUID id) {
        return getEntityManager().find(ChallengeEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The challenge locked unless another transaction holds it (then null, as when there is none). */
    ChallengeEntity tryLock(UUID id) {
        List<ChallengeEntity> found = Locking.forUpdate(getEntityManager().createQuery(
            "select c from ChallengeEntity c where c.id = :id", ChallengeEntity.class), true).setParameter("id", id)
            .getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    /** Open challenges past their expiry at {@code now}, earliest first. */
    List<UUID> dueIds(Instant now, int limit) {
        return getEntityManager().createQuery("select c.id from ChallengeEntity c where c.status = :open "
                + "and c.expiresAt <= :now order by c.expiresAt", UUID.class)
            .setParameter("open", ChallengeEntity.OPEN).setParameter("now", now).setMaxResults(limit).getResultList();
    }

    /** The open challenges the player made or received, oldest first. */
    List<ChallengeEntity> openOf(UUID player) {
        return list("status = ?1 and (challengerId = ?2 or opponentId = ?2) order by createdAt, id", ChallengeEntity.OPEN,
            player);
    }
}
