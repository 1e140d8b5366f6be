package com.plyyard.lobby.match;

import com.plyyard.lobby.db.Locking;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Matches and their seats. Call inside a unit of work. */
@ApplicationScoped
public class MatchRepository implements PanacheRepositoryBase<MatchEntity, UUID> {
    /** The match row locked for a change ({@code FOR UPDATE}), or null. */
    public MatchEntity lockForUpdate(UUID id) {
        return getEntityManager().find(MatchEntity.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /**
     * The match row under a share lock ({@code FOR SHARE}), or null: the reads that follow in this transaction (seats,
     * events) then belong to the same committed version. Without it, each statement of a READ COMMITTED transaction
     * sees the latest commit, and a view built while a move commits could show the move's event with the state before
     * it. Readers do not block each other; a change waits for the read to end (and the read for a running change).
     */
    public MatchEntity lockForRead(UUID id) {
        return getEntityManager().find(MatchEntity.class, id, LockModeType.PESSIMISTIC_READ);
    }

    /**
     * The match locked for flagging if it is active and its deadline has passed at {@code now}; null otherwise, and
     * also when another transaction holds it (SKIP LOCKED: a move, or the flag check of another instance).
     */
    public MatchEntity lockIfDue(UUID id, Instant now) {
        List<MatchEntity> due = Locking.forUpdate(getEntityManager().createQuery(
                "select m from MatchEntity m where m.id = :id and m.status = 'MATCH_ACTIVE' and m.deadlineAt <= :now",
                MatchEntity.class), true)
            .setParameter("id", id).setParameter("now", now).getResultList();
        return due.isEmpty() ? null : due.get(0);
    }

    /**
     * Active matches whose deadline has passed at {@code now}, earliest first (index {@code matches_active}: the
     * deadline itself is not indexed, so that a move updates its row HOT, V7__hot_move_updates.sql).
     */
    public List<UUID> dueIds(Instant now, int limit) {
        return getEntityManager().createQuery("select m.id from MatchEntity m where m.status = 'MATCH_ACTIVE' "
                + "and m.deadlineAt <= :now order by m.deadlineAt", UUID.class)
            .setParameter("now", now).setMaxResults(limit).getResultList();
    }

    /** Active matches waiting for an AI seat whose turn began by {@code before}, oldest first (index matches_ai_turn). */
    public List<UUID> aiTurnIdsSince(Instant before, int limit) {
        return getEntityManager().createQuery("select m.id from MatchEntity m where m.aiToMove = true "
                + "and m.status = 'MATCH_ACTIVE' and m.turnStartedAt <= :before order by m.turnStartedAt", UUID.class)
            .setParameter("before", before).setMaxResults(limit).getResultList();
    }

    /**
     * Active matches where a draw offer stands (a seat still in the game offers) and an AI seat still in the game has not
     * agreed: the AI has an answer to give.
     */
    public List<UUID> awaitingAiDrawAnswers(int limit) {
        // from the offering seats, which are few: no index is needed on a flag that rarely holds
        return getEntityManager().createQuery("select distinct o.matchId from SeatEntity o, MatchEntity m "
                + "where m.id = o.matchId and o.offersDraw = true and o.out = false and m.status = 'MATCH_ACTIVE' "
                + "and exists (select a.idx from SeatEntity a where a.matchId = o.matchId and a.kind = 'SEAT_AI' "
                + "and a.out = false and a.offersDraw = false)", UUID.class)
            .setMaxResults(limit).getResultList();
    }

    /** The matches where the player sits or is invited, newest first; {@code status} null: any. */
    public List<MatchEntity> ofPlayer(UUID player, String status, int limit) {
        String q = "id in (select s.matchId from SeatEntity s where s.playerId = ?1 or s.invitedPlayerId = ?1)"
            + (status == null ? "" : " and status = ?2") + " order by createdAt desc, id";
        return (status == null ? find(q, player) : find(q, player, status)).page(0, limit).list();
    }

    /** The current versions of these matches (those that exist), in chunks of a thousand ids a statement. */
    public Map<UUID, Long> versions(List<UUID> ids) {
        Map<UUID, Long> out = new HashMap<>();
        for (int from = 0; from < ids.size(); from += 1000) {
            List<UUID> chunk = ids.subList(from, Math.min(ids.size(), from + 1000));
            for (Object[] row : getEntityManager().createQuery("select m.id, m.version from MatchEntity m where m.id in :ids",
                    Object[].class).setParameter("ids", chunk).getResultList()) {
                out.put((UUID) row[0], (Long) row[1]);
            }
        }
        return out;
    }

    /** The seats of a match by index. */
    public List<SeatEntity> seats(UUID matchId) {
        return getEntityManager().createQuery("select s from SeatEntity s where s.matchId = :id order by s.idx",
            SeatEntity.class).setParameter("id", matchId).getResultList();
    }

    public void persistSeat(SeatEntity seat) {
        getEntityManager().persist(seat);
    }

    /**
     * Of these players, those who play an active match with a clock and are not out of it (docs/lobby.md, "Busy").
     */
    public Set<UUID> playingClocked(Collection<UUID> players) {
        if (players.isEmpty()) {
            return Set.of();
        }
        return new LinkedHashSet<>(getEntityManager().createQuery("select distinct s.playerId from SeatEntity s, MatchEntity m "
                + "where m.id = s.matchId and s.playerId in :players and s.kind = 'SEAT_PLAYER' and s.out = false "
                + "and m.status = 'MATCH_ACTIVE' and (m.initialMillis > 0 or m.incrementMillis > 0)", UUID.class)
            .setParameter("players", List.copyOf(players)).getResultList());
    }

    /**
     * As {@link #playingClocked}, with the match each of them plays: the one created first when a player has several
     * (matches created directly, not by matchmaking, can make that happen).
     */
    public Map<UUID, ClockedMatch> clockedMatches(Collection<UUID> players) {
        Map<UUID, ClockedMatch> out = new LinkedHashMap<>();
        if (players.isEmpty()) {
            return out;
        }
        for (Object[] row : getEntityManager().createQuery("select s.playerId, m.id, m.variant from SeatEntity s, "
                + "MatchEntity m where m.id = s.matchId and s.playerId in :players and s.kind = 'SEAT_PLAYER' "
                + "and s.out = false and m.status = 'MATCH_ACTIVE' and (m.initialMillis > 0 or m.incrementMillis > 0) "
                + "order by m.createdAt, m.id", Object[].class)
            .setParameter("players", List.copyOf(players)).getResultList()) {
            out.putIfAbsent((UUID) row[0], new ClockedMatch((UUID) row[1], (String) row[2]));
        }
        return out;
    }
}
