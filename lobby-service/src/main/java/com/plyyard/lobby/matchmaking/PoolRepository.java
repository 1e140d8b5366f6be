package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.db.Locking;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Quick-pairing pool tickets and their players. Call inside a unit of work. */
@ApplicationScoped
public class PoolRepository implements PanacheRepositoryBase<PoolTicketEntity, UUID> {
    static final String WAITING = "TICKET_WAITING";

    PoolTicketEntity lock(UUID id) {
        return getEntityManager().find(PoolTicketEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The tickets locked in id order (waiting, or with {@code skipLocked} only those no other transaction holds). */
    List<PoolTicketEntity> lockAll(Collection<UUID> ids, boolean skipLocked) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return Locking.forUpdate(getEntityManager().createQuery("select t from PoolTicketEntity t where t.id in :ids "
            + "order by t.id", PoolTicketEntity.class), skipLocked).setParameter("ids", List.copyOf(ids)).getResultList();
    }

    /**
     * Up to {@code limit} waiting tickets of a pool, oldest first, locked with SKIP LOCKED (the tickets another pairer
     * holds are not seen).
     */
    List<PoolTicketEntity> lockWaiting(String poolKey, int limit) {
        return Locking.forUpdate(getEntityManager().createQuery("select t from PoolTicketEntity t where t.poolKey = :pool "
                + "and t.status = :waiting order by t.queuedAt, t.id", PoolTicketEntity.class), true)
            .setParameter("pool", poolKey).setParameter("waiting", WAITING).setMaxResults(limit).getResultList();
    }

    /** A waiting ticket of the pool (they all share its game), or null. */
    PoolTicketEntity anyWaiting(String poolKey) {
        return find("poolKey = ?1 and status = ?2", poolKey, WAITING).firstResult();
    }

    /** The pools with waiting tickets. */
    List<String> poolsWaiting() {
        return getEntityManager().createQuery("select distinct t.poolKey from PoolTicketEntity t where t.status = :waiting",
            String.class).setParameter("waiting", WAITING).getResultList();
    }

    /** The players waiting in the pool (a party counts its players). */
    long playersWaiting(String poolKey) {
        return getEntityManager().createQuery("select count(m) from PoolTicketEntity t, PoolTicketMemberEntity m "
                + "where m.ticketId = t.id and t.poolKey = :pool and t.status = :waiting", Long.class)
            .setParameter("pool", poolKey).setParameter("waiting", WAITING).getSingleResult();
    }

    /** The waiting tickets of the pool that allow AI fill and were queued by {@code queuedBefore}. */
    long aiFillDue(String poolKey, Instant queuedBefore) {
        return getEntityManager().createQuery("select count(t) from PoolTicketEntity t where t.poolKey = :pool "
                + "and t.status = :waiting and t.allowAiFill = true and t.queuedAt <= :before", Long.class)
            .setParameter("pool", poolKey).setParameter("waiting", WAITING).setParameter("before", queuedBefore)
            .getSingleResult();
    }

    /** Which of these players wait in the pool already. */
    List<UUID> waitingIn(String poolKey, Collection<UUID> players) {
        return getEntityManager().createQuery("select distinct m.playerId from PoolTicketEntity t, PoolTicketMemberEntity m "
                + "where m.ticketId = t.id and t.poolKey = :pool and t.status = :waiting and m.playerId in :players", UUID.class)
            .setParameter("pool", poolKey).setParameter("waiting", WAITING).setParameter("players", List.copyOf(players))
            .getResultList();
    }

    /** The waiting tickets (of any pool) of these players, but those in {@code except}. */
    List<UUID> waitingOf(Collection<UUID> players, Collection<UUID> except) {
        List<UUID> ids = getEntityManager().createQuery("select distinct t.id from PoolTicketEntity t, PoolTicketMemberEntity m "
                + "where m.ticketId = t.id and t.status = :waiting and m.playerId in :players", UUID.class)
            .setParameter("waiting", WAITING).setParameter("players", List.copyOf(players)).getResultList();
        return ids.stream().filter(id -> !except.contains(id)).toList();
    }

    /** The waiting tickets a party queued. */
    List<PoolTicketEntity> waitingOfParty(UUID partyId) {
        return list("partyId = ?1 and status = ?2", partyId, WAITING);
    }

    /** The waiting tickets some player of which is {@code player}, oldest first. */
    List<PoolTicketEntity> waitingWith(UUID player) {
        return getEntityManager().createQuery("select t from PoolTicketEntity t where t.status = :waiting and exists ("
                + "select 1 from PoolTicketMemberEntity m where m.ticketId = t.id and m.playerId = :player) "
                + "order by t.queuedAt, t.id", PoolTicketEntity.class)
            .setParameter("waiting", WAITING).setParameter("player", player).getResultList();
    }

    /** Every waiting ticket, by variant and pool. */
    List<PoolTicketEntity> allWaiting() {
        return list("status = ?1 order by game.variant, poolKey, queuedAt, id", WAITING);
    }

    /** The players of these tickets, by ticket in the order of PoolTicket.players. */
    Map<UUID, List<PoolTicketMemberEntity>> members(Collection<UUID> ticketIds) {
        Map<UUID, List<PoolTicketMemberEntity>> out = new LinkedHashMap<>();
        if (ticketIds.isEmpty()) {
            return out;
        }
        for (PoolTicketMemberEntity m : getEntityManager().createQuery("select m from PoolTicketMemberEntity m "
                + "where m.ticketId in :ids order by m.ticketId, m.idx", PoolTicketMemberEntity.class)
            .setParameter("ids", List.copyOf(ticketIds)).getResultList()) {
            out.computeIfAbsent(m.ticketId, k -> new java.util.ArrayList<>()).add(m);
        }
        return out;
    }

    /** The players of one ticket (none: no such ticket). */
    List<UUID> playersOf(UUID ticketId) {
        return getEntityManager().createQuery("select m.playerId from PoolTicketMemberEntity m where m.ticketId = :id "
            + "order by m.idx", UUID.class).setParameter("id", ticketId).getResultList();
    }

    void persistMember(PoolTicketMemberEntity member) {
        getEntityManager().persist(member);
    }
}
