package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.Players;
import com.plyyard.lobby.model.PlayerEntity;
import com.plyyard.proto.v1.CreatePartyRequest;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.Player;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Parties: a leader invites players by name; each invitee joins with JoinParty (until then the party cannot queue).
 * A player is a joined member of at most one open party. Leaving takes the player out (a leader leaving disbands the
 * party) and ends the party's waiting pool tickets (LEFT). Only the leader queues the party (JoinPool with party_id);
 * team pools take parties of exactly two.
 */
@ApplicationScoped
public class Parties {
    /** Invitations per party: a party has at most four players. */
    static final int MAX_INVITES = 3;

    @Inject
    Tx tx;

    @Inject
    Views views;

    @Inject
    LobbyLog log;

    public Party create(Player me, CreatePartyRequest r) {
        UUID myId = UUID.fromString(me.getId());
        if (r.getInviteCount() > MAX_INVITES) {
            throw LobbyErrors.invalid("A party has at most " + (MAX_INVITES + 1) + " players; " + r.getInviteCount()
                + " invitations are too many.");
        }
        return tx.call(() -> {
            Map<UUID, PlayerEntity> invited = new LinkedHashMap<>();
            for (String name : r.getInviteList()) {
                PlayerEntity p = Players.byName(name);
                if (p == null) {
                    throw LobbyErrors.notFound("No player is called '" + name.strip() + "'.");
                }
                if (p.id.equals(myId)) {
                    throw LobbyErrors.invalid("You lead the party; invite the other players only.");
                }
                if (invited.put(p.id, p) != null) {
                    throw LobbyErrors.invalid(p.name + " is invited twice.");
                }
            }
            Set<UUID> all = new HashSet<>(invited.keySet());
            all.add(myId);
            Locks.players(all);
            requireNoParty(myId, "You");
            UUID id = UUID.randomUUID();
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            Db.update("INSERT INTO parties (id, leader_id, status, created_at, updated_at) VALUES (?, ?, 'PARTY_OPEN', ?, ?)",
                id, myId, now, now);
            Db.update("INSERT INTO party_members (party_id, player_id, idx, joined, joined_at) VALUES (?, ?, 0, true, ?)",
                id, myId, now);
            int idx = 1;
            for (UUID p : invited.keySet()) {
                Db.update("INSERT INTO party_members (party_id, player_id, idx, joined) VALUES (?, ?, ?, false)", id, p, idx++);
            }
            return views.party(id);
        });
    }

    public Party join(Player me, String partyIdText) {
        UUID partyId = Ids.parse(partyIdText, "party");
        UUID myId = UUID.fromString(me.getId());
        return tx.call(() -> {
            Locks.players(List.of(myId));
            Db.Row party = lockParty(partyId);
            Db.Row mine = Db.one("SELECT joined FROM party_members WHERE party_id = ? AND player_id = ?", partyId, myId);
            if (mine == null) {
                throw LobbyErrors.denied("You are not invited to this party.");
            }
            if (mine.bool("joined")) {
                throw LobbyErrors.failedPrecondition("You are already a member of this party.");
            }
            if (!"PARTY_OPEN".equals(party.str("status"))) {
                throw LobbyErrors.failedPrecondition("The party has been disbanded; it cannot be joined.");
            }
            requireNoParty(myId, "You");
            Db.update("UPDATE party_members SET joined = true, joined_at = clock_timestamp() WHERE party_id = ? AND player_id = ?",
                partyId, myId);
            Db.update("UPDATE parties SET updated_at = clock_timestamp() WHERE id = ?", partyId);
            return views.party(partyId);
        });
    }

    /** A member or invitee leaves (declines); the leader leaving disbands the party. Waiting tickets of the party end. */
    public Party leave(Player me, String partyIdText) {
        UUID partyId = Ids.parse(partyIdText, "party");
        UUID myId = UUID.fromString(me.getId());
        return tx.call(() -> {
            Db.Row pre = Db.one("SELECT id FROM parties WHERE id = ?", partyId);
            if (pre == null) {
                throw LobbyErrors.notFound("There is no party " + partyId + ".");
            }
            List<UUID> members = members(partyId);
            Set<UUID> involved = new HashSet<>(members);
            involved.add(myId);
            Locks.players(involved);
            Db.Row party = lockParty(partyId);
            if (!involved.containsAll(members(partyId))) {
                throw new Tx.Retry("the party changed before its players were locked");
            }
            Db.Row mine = Db.one("SELECT joined FROM party_members WHERE party_id = ? AND player_id = ?", partyId, myId);
            if (mine == null) {
                throw LobbyErrors.denied("You are not in this party.");
            }
            if (!"PARTY_OPEN".equals(party.str("status"))) {
                throw LobbyErrors.failedPrecondition("The party has been disbanded already.");
            }
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            if (myId.equals(party.uuid("leader_id"))) {
                Db.update("UPDATE parties SET status = 'PARTY_DISBANDED', updated_at = ? WHERE id = ?", now, partyId);
            } else {
                Db.update("DELETE FROM party_members WHERE party_id = ? AND player_id = ?", partyId, myId);
                Db.update("UPDATE parties SET updated_at = ? WHERE id = ?", now, partyId);
            }
            for (Db.Row t : Db.query("UPDATE pool_tickets SET status = 'TICKET_LEFT', updated_at = ? "
                + "WHERE party_id = ? AND status = 'TICKET_WAITING' RETURNING pool_key, variant, options, initial_millis, "
                + "increment_millis, rated, seat_count, mode", now, partyId)) {
                log.poolChanged(t.str("pool_key"), Spec.of(t, t.integer("seat_count"), t.str("mode")).proto());
            }
            return views.party(partyId);
        });
    }

    /** The party row, locked; NOT_FOUND when there is none. */
    static Db.Row lockParty(UUID partyId) {
        Db.Row party = Db.one("SELECT * FROM parties WHERE id = ? FOR UPDATE", partyId);
        if (party == null) {
            throw LobbyErrors.notFound("There is no party " + partyId + ".");
        }
        return party;
    }

    /** Joined members and invitees, in invitation order. */
    static List<UUID> members(UUID partyId) {
        List<UUID> out = new ArrayList<>();
        for (Db.Row r : Db.query("SELECT player_id FROM party_members WHERE party_id = ? ORDER BY idx", partyId)) {
            out.add(r.uuid("player_id"));
        }
        return out;
    }

    private static void requireNoParty(UUID player, String who) {
        if (Db.count("SELECT count(*) FROM party_members m JOIN parties p ON p.id = m.party_id "
            + "WHERE m.player_id = ? AND m.joined AND p.status = 'PARTY_OPEN'", player) > 0) {
            throw LobbyErrors.failedPrecondition(who + " are already in a party; leave it first.");
        }
    }
}
