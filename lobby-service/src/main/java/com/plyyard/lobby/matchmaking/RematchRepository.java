package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/** Rematches and the requests for them. Call inside a unit of work. */
@ApplicationScoped
public class RematchRepository implements PanacheRepositoryBase<RematchEntity, UUID> {
    /**
     * The rematch of a match, created when missing, then locked. {@code ON CONFLICT DO NOTHING}: the first request of
     * two racing ones creates it, and neither fails.
     */
    RematchEntity lockCreating(UUID previous, Instant now) {
        getEntityManager().createNativeQuery("INSERT INTO rematches (previous_match_id, created_at, updated_at) "
                + "VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")
            .setParameter(1, previous).setParameter(2, now).setParameter(3, now).executeUpdate();
        return getEntityManager().find(RematchEntity.class, previous, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The players who asked for a rematch of the match. */
    Set<UUID> askedBy(UUID previous) {
        return new HashSet<>(getEntityManager().createQuery("select r.playerId from RematchRequestEntity r "
            + "where r.previousMatchId = :id", UUID.class).setParameter("id", previous).getResultList());
    }

    void persistRequest(RematchRequestEntity request) {
        getEntityManager().persist(request);
    }
}
