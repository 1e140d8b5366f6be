package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.db.Locking;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** Seeks and their seats. Call inside a unit of work. */
@ApplicationScoped
public class SeekRepository implements PanacheRepositoryBase<SeekEntity, UUID> {
    static final String OPEN = "SEEK_OPEN";

    /** The seek locked for a change, or null. */
    SeekEntity lock(UUID id) {
        return getEntityManager().find(SeekEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The seeks locked in id order (waiting, or with {@code skipLocked} only those no other transaction holds). */
    List<SeekEntity> lockAll(Collection<UUID> ids, boolean skipLocked) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return Locking.forUpdate(getEntityManager().createQuery("select s from SeekEntity s where s.id in :ids order by s.id",
            SeekEntity.class), skipLocked).setParameter("ids", List.copyOf(ids)).getResultList();
    }

    /**
     * The seek's owner, or null when there is no such seek: the pre-read of a change, a plain value, so that the lock
     * taken afterwards reads the row fresh (see {@link Locking}).
     */
    UUID ownerOf(UUID seekId) {
        List<UUID> owner = getEntityManager().createQuery("select s.ownerId from SeekEntity s where s.id = :id", UUID.class)
            .setParameter("id", seekId).getResultList();
        return owner.isEmpty() ? null : owner.get(0);
    }

    List<SeekSeatEntity> seats(UUID seekId) {
        return getEntityManager().createQuery("select s from SeekSeatEntity s where s.seekId = :id order by s.idx",
            SeekSeatEntity.class).setParameter("id", seekId).getResultList();
    }

    /** The seats of several seeks, by seek then index. */
    List<SeekSeatEntity> seatsOf(Collection<UUID> seekIds) {
        return getEntityManager().createQuery("select s from SeekSeatEntity s where s.seekId in :ids order by s.seekId, s.idx",
            SeekSeatEntity.class).setParameter("ids", List.copyOf(seekIds)).getResultList();
    }

    /** The players seated in the seek. */
    List<UUID> seatedPlayers(UUID seekId) {
        return getEntityManager().createQuery("select s.playerId from SeekSeatEntity s where s.seekId = :id "
            + "and s.playerId is not null", UUID.class).setParameter("id", seekId).getResultList();
    }

    void persistSeat(SeekSeatEntity seat) {
        getEntityManager().persist(seat);
    }

    /** Open seeks, oldest first; {@code variant} null: of every variant. */
    List<SeekEntity> open(String variant) {
        return variant == null ? list("status = ?1 order by createdAt, id", OPEN)
            : list("status = ?1 and game.variant = ?2 order by createdAt, id", OPEN, variant);
    }

    /** The open seeks these players own, but {@code except}. */
    List<UUID> openOwnedBy(Collection<UUID> players, UUID except) {
        return getEntityManager().createQuery("select s.id from SeekEntity s where s.status = :open and s.ownerId in :players "
                + "and s.id <> :except", UUID.class)
            .setParameter("open", OPEN).setParameter("players", List.copyOf(players)).setParameter("except", except)
            .getResultList();
    }

    /** The open seeks of other owners where these players hold a seat, but {@code except}. */
    List<UUID> openSeating(Collection<UUID> players, UUID except) {
        return getEntityManager().createQuery("select distinct s.id from SeekEntity s, SeekSeatEntity ss where ss.seekId = s.id "
                + "and s.status = :open and ss.playerId in :players and s.ownerId not in :players and s.id <> :except", UUID.class)
            .setParameter("open", OPEN).setParameter("players", List.copyOf(players)).setParameter("except", except)
            .getResultList();
    }

    /** Frees the seats these players hold in these seeks. */
    void freeSeats(Collection<UUID> seekIds, Collection<UUID> players) {
        for (SeekSeatEntity s : getEntityManager().createQuery("select s from SeekSeatEntity s where s.seekId in :seeks "
                + "and s.playerId in :players", SeekSeatEntity.class)
            .setParameter("seeks", List.copyOf(seekIds)).setParameter("players", List.copyOf(players)).getResultList()) {
            s.playerId = null;
            s.joinedAt = null;
        }
    }

    /**
     * Open seeks abandoned by their owner at {@code now}: the owner has no counted WatchLobby stream (one with open
     * streams seen after {@code staleBefore}), and neither the seek nor the owner's last presence is younger than
     * {@code graceBefore}. Oldest first.
     */
    List<UUID> abandoned(Instant staleBefore, Instant graceBefore, int limit) {
        return getEntityManager().createQuery("select s.id from SeekEntity s where " + ABANDONED + " order by s.createdAt",
                UUID.class)
            .setParameter("open", OPEN).setParameter("staleBefore", staleBefore).setParameter("graceBefore", graceBefore)
            .setMaxResults(limit).getResultList();
    }

    boolean isAbandoned(UUID id, Instant staleBefore, Instant graceBefore) {
        return !getEntityManager().createQuery("select s.id from SeekEntity s where s.id = :id and " + ABANDONED, UUID.class)
            .setParameter("id", id).setParameter("open", OPEN).setParameter("staleBefore", staleBefore)
            .setParameter("graceBefore", graceBefore).getResultList().isEmpty();
    }

    private static final String ABANDONED = "s.status = :open and s.createdAt < :graceBefore "
        + "and not exists (select 1 from LobbyPresenceEntity p where p.playerId = s.ownerId "
        + "and p.streams > 0 and p.lastSeen > :staleBefore) "
        + "and not exists (select 1 from LobbyPresenceEntity p where p.playerId = s.ownerId and p.lastSeen >= :graceBefore)";
}
