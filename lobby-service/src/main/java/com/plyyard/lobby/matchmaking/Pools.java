package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.ai.AiPlayer;
import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.Players;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.ListPoolsResponse;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolTicket;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Quick-pairing pools, one per (variant, effective options, clock, rated): JoinPool adds a ticket (me, or my party of
 * two for a team pool), LeavePool ends it; the {@link Pairer} pairs waiting tickets. A player may wait in several pools
 * at once; the first pairing supersedes the others ({@link Bookings}).
 */
@ApplicationScoped
public class Pools {
    @Inject
    Specs specs;

    @Inject
    Tx tx;

    @Inject
    LobbyLog log;

    @Inject
    Views views;

    @Inject
    AiPlayer ai;

    @Inject
    Pairer pairer;

    public PoolTicket join(Player me, JoinPoolRequest r) {
        UUID myId = UUID.fromString(me.getId());
        UUID partyId = r.getPartyId().isBlank() ? null : Ids.parse(r.getPartyId(), "party");
        Spec spec = specs.check(r.getGame()).spec();
        if (r.getAllowAiFill()) {
            if (spec.rated()) {
                throw LobbyErrors.invalid("AI fill is for casual pools only: a rated match cannot have AI seats.");
            }
            if (!ai.available()) {
                throw LobbyErrors.failedPrecondition(ai.unavailableReason());
            }
        }
        if (partyId != null && !"team".equals(spec.mode())) {
            throw LobbyErrors.invalid("A party queues only for a team pool (a ploy:…:team variant); " + spec.variant()
                + " is played alone.");
        }
        boolean[] full = new boolean[1];
        PoolTicket ticket = tx.call(() -> {
            List<UUID> players = new ArrayList<>();
            if (partyId == null) {
                players.add(myId);
                Locks.players(players);
            } else {
                if (Db.one("SELECT id FROM parties WHERE id = ?", partyId) == null) {
                    throw LobbyErrors.notFound("There is no party " + partyId + ".");
                }
                List<UUID> members = Parties.members(partyId);
                Set<UUID> involved = new HashSet<>(members);
                involved.add(myId);
                Locks.players(involved);
                Db.Row party = Parties.lockParty(partyId);
                if (!involved.containsAll(Parties.members(partyId))) {
                    throw new Tx.Retry("the party changed before its players were locked");
                }
                if (!myId.equals(party.uuid("leader_id"))) {
                    throw LobbyErrors.denied("Only the party's leader can queue it.");
                }
                if (!"PARTY_OPEN".equals(party.str("status"))) {
                    throw LobbyErrors.failedPrecondition("The party has been disbanded; it cannot queue.");
                }
                List<Db.Row> rows = Db.query("SELECT player_id, joined FROM party_members WHERE party_id = ? ORDER BY idx", partyId);
                if (rows.size() != 2) {
                    throw LobbyErrors.invalid("A team pool takes parties of two (partners); this party has " + rows.size()
                        + " players.");
                }
                List<UUID> pending = new ArrayList<>();
                for (Db.Row m : rows) {
                    players.add(m.uuid("player_id"));
                    if (!m.bool("joined")) {
                        pending.add(m.uuid("player_id"));
                    }
                }
                if (!pending.isEmpty()) {
                    Map<UUID, Player> names = Players.byIds(pending);
                    throw LobbyErrors.failedPrecondition(Views.player(names, pending.get(0)).getName()
                        + " has not joined the party yet; the party can queue once everyone invited has joined.");
                }
            }
            Busy.check(players, myId);
            List<Db.Row> already = Db.query("SELECT DISTINCT m.player_id FROM pool_tickets t JOIN pool_ticket_members m "
                + "ON m.ticket_id = t.id WHERE t.pool_key = ? AND t.status = 'TICKET_WAITING' AND m.player_id = ANY(?)",
                spec.poolKey(), players);
            if (!already.isEmpty()) {
                UUID who = already.get(0).uuid("player_id");
                throw LobbyErrors.failedPrecondition((who.equals(myId) ? "You already wait"
                    : Views.player(Players.byIds(List.of(who)), who).getName() + " already waits") + " in this pool.");
            }
            UUID id = UUID.randomUUID();
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            Db.update("INSERT INTO pool_tickets (id, pool_key, variant, options, initial_millis, increment_millis, rated, "
                    + "seat_count, mode, party_id, queued_by, allow_ai_fill, status, queued_at, updated_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'TICKET_WAITING', ?, ?)",
                id, spec.poolKey(), spec.variant(), spec.options().toByteArray(), spec.initialMillis(), spec.incrementMillis(),
                spec.rated(), spec.seatCount(), spec.mode(), partyId, myId, r.getAllowAiFill(), now, now);
            for (int i = 0; i < players.size(); i++) {
                Db.update("INSERT INTO pool_ticket_members (ticket_id, player_id, idx) VALUES (?, ?, ?)", id, players.get(i), i);
            }
            log.poolChanged(spec.poolKey(), spec.proto());
            full[0] = Db.count("SELECT count(*) FROM pool_tickets t JOIN pool_ticket_members m ON m.ticket_id = t.id "
                + "WHERE t.pool_key = ? AND t.status = 'TICKET_WAITING'", spec.poolKey()) >= spec.seatCount();
            return views.ticket(id);
        });
        if (full[0]) {
            pairer.poke(spec.poolKey()); // a full group may be possible now: pair at once rather than at the next wave
        }
        return ticket;
    }

    /** Any player of a waiting ticket takes it (with their party) out of the pool. */
    public PoolTicket leave(Player me, String ticketIdText) {
        UUID ticketId = Ids.parse(ticketIdText, "ticket");
        UUID myId = UUID.fromString(me.getId());
        return tx.call(() -> {
            List<UUID> members = new ArrayList<>();
            for (Db.Row m : Db.query("SELECT player_id FROM pool_ticket_members WHERE ticket_id = ?", ticketId)) {
                members.add(m.uuid("player_id"));
            }
            if (members.isEmpty()) {
                throw LobbyErrors.notFound("There is no pool ticket " + ticketId + ".");
            }
            if (!members.contains(myId)) {
                throw LobbyErrors.denied("This pool ticket is not yours.");
            }
            Locks.players(members);
            Db.Row t = Db.one("SELECT * FROM pool_tickets WHERE id = ? FOR UPDATE", ticketId);
            if (!"TICKET_WAITING".equals(t.str("status"))) {
                throw LobbyErrors.failedPrecondition("The ticket is no longer waiting ("
                    + t.str("status").replace("TICKET_", "").toLowerCase(java.util.Locale.ROOT) + "); there is nothing to leave.");
            }
            Db.update("UPDATE pool_tickets SET status = 'TICKET_LEFT', updated_at = clock_timestamp() WHERE id = ?", ticketId);
            log.poolChanged(t.str("pool_key"), Spec.of(t, t.integer("seat_count"), t.str("mode")).proto());
            return views.ticket(ticketId);
        });
    }

    public ListPoolsResponse list() {
        return QuarkusTransaction.requiringNew().call(() -> ListPoolsResponse.newBuilder().addAllPools(views.pools()).build());
    }
}
