package com.plyyard.lobby.matchmaking;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.UUID;

/** The lobby's event log: the version row and the events. Call inside a unit of work. */
@ApplicationScoped
public class LobbyEventRepository implements PanacheRepositoryBase<LobbyEventEntity, Long> {
    /** The log's head, locked: appenders go one at a time, in version order. */
    LobbyLogEntity lockHead() {
        return getEntityManager().find(LobbyLogEntity.class, LobbyLogEntity.ID, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The current version; {@code share}: hold appenders off until this transaction ends. */
    long version(boolean share) {
        return getEntityManager().find(LobbyLogEntity.class, LobbyLogEntity.ID,
            share ? LockModeType.PESSIMISTIC_READ : LockModeType.NONE).version;
    }

    /** Up to {@code limit} events after {@code version}, in version order. */
    List<LobbyEventEntity> allAfter(long version, int limit) {
        return getEntityManager().createQuery("select e from LobbyEventEntity e where e.version > :version "
                + "order by e.version", LobbyEventEntity.class)
            .setParameter("version", version).setMaxResults(limit).getResultList();
    }

    /** Up to {@code limit} events after {@code version} that the player may see (public or addressed to them). */
    List<LobbyEventEntity> visibleAfter(long version, UUID player, int limit) {
        return getEntityManager().createQuery("select e from LobbyEventEntity e where e.version > :version "
                + "and (e.recipients is null or array_contains(e.recipients, :player)) order by e.version",
                LobbyEventEntity.class)
            .setParameter("version", version).setParameter("player", player).setMaxResults(limit).getResultList();
    }
}
