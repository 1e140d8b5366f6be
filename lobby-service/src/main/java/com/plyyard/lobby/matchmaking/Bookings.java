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
 * What pairing a player means for the rest of their matchmaking, in the transaction that creates the match: a player
 * is paired once. Their other waiting pool tickets become SUPERSEDED (a party's ticket with them), the seeks they own
 * that are still open are cancelled, and the seats they hold in other players' open seeks are given back. Open
 * challenges stay (each is a deliberate, one-off invitation). The caller holds the players' row locks.
 */
@ApplicationScoped
class Bookings {
    @Inject
    LobbyLog log;

    @Inject
    Views views;

    /** The rows a pairing changes besides the match itself, locked. */
    record Plan(Set<UUID> players, List<UUID> tickets, List<UUID> ownedSeeks, List<UUID> seatedSeeks) {
    }

    /**
     * Finds and locks the rows to change. {@code skip} (the pairer): lock nothing held by another transaction and
     * answer null when something is, so the caller leaves the group for the next wave; otherwise wait for the locks.
     */
    Plan lock(Collection<UUID> players, Collection<UUID> keepTickets, UUID keepSeek, boolean skip) {
        List<UUID> who = List.copyOf(new LinkedHashSet<>(players));
        List<UUID> keep = new ArrayList<>(keepTickets);
        List<UUID> tickets = Db.ids("SELECT DISTINCT t.id FROM pool_tickets t JOIN pool_ticket_members m ON m.ticket_id = t.id "
            + "WHERE t.status = 'TICKET_WAITING' AND m.player_id = ANY(?) AND NOT (t.id = ANY(?))", who, keep);
        UUID keepS = keepSeek == null ? new UUID(0, 0) : keepSeek;
        List<UUID> owned = Db.ids("SELECT id FROM seeks WHERE status = 'SEEK_OPEN' AND owner_id = ANY(?) AND id <> ?", who, keepS);
        List<UUID> seated = Db.ids("SELECT DISTINCT s.id FROM seeks s JOIN seek_seats ss ON ss.seek_id = s.id "
            + "WHERE s.status = 'SEEK_OPEN' AND ss.player_id = ANY(?) AND NOT (s.owner_id = ANY(?)) AND s.id <> ?", who, who, keepS);
        List<UUID> seeks = new ArrayList<>(owned);
        seeks.addAll(seated);
        if (!Locks.rows("pool_tickets", tickets, skip) || !Locks.rows("seeks", seeks, skip)) {
            return null;
        }
        return new Plan(Set.copyOf(who), tickets, owned, seated);
    }

    /** Applies the plan (after the match was created) and adds the lobby events of what changed. */
    void apply(Plan plan, Instant now) {
        if (!plan.tickets().isEmpty()) {
            for (Db.Row t : Db.query("UPDATE pool_tickets SET status = 'TICKET_SUPERSEDED', updated_at = ? "
                + "WHERE id = ANY(?) AND status = 'TICKET_WAITING' RETURNING pool_key, variant, options, initial_millis, "
                + "increment_millis, rated, seat_count, mode", now, plan.tickets())) {
                log.poolChanged(t.str("pool_key"), Spec.of(t, t.integer("seat_count"), t.str("mode")).proto());
            }
        }
        List<UUID> changed = new ArrayList<>();
        if (!plan.ownedSeeks().isEmpty()) {
            changed.addAll(Db.ids("UPDATE seeks SET status = 'SEEK_CANCELLED', updated_at = ? WHERE id = ANY(?) "
                + "AND status = 'SEEK_OPEN' RETURNING id", now, plan.ownedSeeks()));
        }
        if (!plan.seatedSeeks().isEmpty()) {
            Db.update("UPDATE seek_seats SET player_id = NULL, joined_at = NULL WHERE seek_id = ANY(?) AND player_id = ANY(?)",
                plan.seatedSeeks(), List.copyOf(plan.players()));
            changed.addAll(Db.ids("UPDATE seeks SET updated_at = ? WHERE id = ANY(?) AND status = 'SEEK_OPEN' RETURNING id",
                now, plan.seatedSeeks()));
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
