package com.plyyard.lobby.matchmaking;

import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * What being paired means for a player's other bookings, in the transaction that creates the match: a player is
 * paired once. Their other waiting pool tickets become SUPERSEDED (a party's ticket with them), the seeks they own that
 * are still open are cancelled, and the seats they hold in other players' open seeks are given back. Open challenges
 * stay (each is a deliberate, one-off invitation). The caller holds the players' row locks.
 */
@ApplicationScoped
class OtherBookings {
    @Inject
    PoolRepository pools;

    @Inject
    SeekRepository seeks;

    @Inject
    LobbyEventLog log;

    @Inject
    MatchmakingViews views;

    /** The locked rows a pairing changes besides the match itself. */
    record Locked(Set<UUID> players, List<PoolTicketEntity> tickets, List<SeekEntity> ownedSeeks,
                  List<SeekEntity> seatedSeeks) {
    }

    /**
     * Finds and locks the rows to change. {@code skipLocked} (the pairer): lock nothing held by another transaction and
     * answer null when something is, so the caller leaves the group for the next wave; otherwise wait for the locks.
     *
     * @param keepTickets the tickets being paired now (not superseded)
     * @param keepSeek    the seek being filled now (not cancelled), or null
     */
    Locked lock(Collection<UUID> players, Collection<UUID> keepTickets, UUID keepSeek, boolean skipLocked) {
        Set<UUID> who = new LinkedHashSet<>(players);
        UUID keepS = keepSeek == null ? new UUID(0, 0) : keepSeek;
        List<UUID> ticketIds = pools.waitingOf(who, keepTickets);
        List<UUID> ownedIds = seeks.openOwnedBy(who, keepS);
        List<UUID> seatedIds = seeks.openSeating(who, keepS);
        List<PoolTicketEntity> tickets = pools.lockAll(ticketIds, skipLocked);
        List<UUID> seekIds = new ArrayList<>(ownedIds);
        seekIds.addAll(seatedIds);
        List<SeekEntity> locked = seeks.lockAll(seekIds, skipLocked);
        if (tickets.size() != ticketIds.size() || locked.size() != seekIds.size()) {
            return null;
        }
        List<SeekEntity> owned = new ArrayList<>();
        List<SeekEntity> seated = new ArrayList<>();
        for (SeekEntity s : locked) {
            (ownedIds.contains(s.id) ? owned : seated).add(s);
        }
        return new Locked(Set.copyOf(who), tickets, owned, seated);
    }

    /** Applies what was locked (after the match was created) and adds the lobby events of what changed. */
    void release(Locked locked, Instant now) {
        for (PoolTicketEntity t : locked.tickets()) {
            if (PoolRepository.WAITING.equals(t.status)) {
                t.status = "TICKET_SUPERSEDED";
                t.updatedAt = now;
                log.poolChanged(t.poolKey, t.spec().proto());
            }
        }
        List<UUID> changed = new ArrayList<>();
        for (SeekEntity s : locked.ownedSeeks()) {
            if (SeekRepository.OPEN.equals(s.status)) {
                s.status = "SEEK_CANCELLED";
                s.updatedAt = now;
                changed.add(s.id);
            }
        }
        if (!locked.seatedSeeks().isEmpty()) {
            List<UUID> ids = new ArrayList<>();
            for (SeekEntity s : locked.seatedSeeks()) {
                ids.add(s.id);
            }
            seeks.freeSeats(ids, locked.players());
            for (SeekEntity s : locked.seatedSeeks()) {
                if (SeekRepository.OPEN.equals(s.status)) {
                    s.updatedAt = now;
                    changed.add(s.id);
                }
            }
        }
        for (UUID s : changed) {
            log.add(LobbyEvent.newBuilder().setSeek(views.seek(s)), null);
        }
    }

    /** The private Paired event of one player. */
    void paired(UUID player, UUID matchId, int seat, Paired.Builder via) {
        log.add(LobbyEvent.newBuilder().setPaired(via.setMatchId(matchId.toString()).setSeat(seat)), List.of(player));
    }
}
