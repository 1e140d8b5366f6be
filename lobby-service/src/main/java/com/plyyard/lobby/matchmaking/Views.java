package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.match.Players;
import com.plyyard.proto.v1.Challenge;
import com.plyyard.proto.v1.ChallengeStatus;
import com.plyyard.proto.v1.LobbySnapshot;
import com.plyyard.proto.v1.Party;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.PoolSize;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.RatingRange;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.SeekSeat;
import com.plyyard.proto.v1.SeekStatus;
import com.plyyard.proto.v1.TicketStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The matchmaking messages built from the stored rows. Call inside a transaction. */
@ApplicationScoped
class Views {
    @Inject
    PairingRules pairing;

    static Player player(Map<UUID, Player> names, UUID id) {
        Player p = names.get(id);
        return p != null ? p : Player.newBuilder().setId(id.toString()).build();
    }

    // ------------------------------------------------------------------------------------------------ seeks

    Seek seek(UUID id) {
        List<Seek> one = seeks("s.id = ?", id);
        if (one.isEmpty()) {
            throw new IllegalStateException("seek " + id + " vanished");
        }
        return one.get(0);
    }

    /** Seeks matching the condition on {@code seeks s}, oldest first. */
    List<Seek> seeks(String where, Object... args) {
        List<Db.Row> rows = Db.query("SELECT s.* FROM seeks s WHERE " + where + " ORDER BY s.created_at, s.id", args);
        if (rows.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = new ArrayList<>();
        Set<UUID> people = new HashSet<>();
        for (Db.Row r : rows) {
            ids.add(r.uuid("id"));
            people.add(r.uuid("owner_id"));
        }
        Map<UUID, List<Db.Row>> seats = new HashMap<>();
        for (Db.Row s : Db.query("SELECT seek_id, idx, player_id FROM seek_seats WHERE seek_id = ANY(?) ORDER BY seek_id, idx", ids)) {
            seats.computeIfAbsent(s.uuid("seek_id"), k -> new ArrayList<>()).add(s);
            if (s.uuid("player_id") != null) {
                people.add(s.uuid("player_id"));
            }
        }
        Map<UUID, Player> names = Players.byIds(people);
        List<Seek> out = new ArrayList<>();
        for (Db.Row r : rows) {
            UUID id = r.uuid("id");
            Spec spec = Spec.of(r, r.integer("seat_count"), "");
            Seek.Builder b = Seek.newBuilder()
                .setId(id.toString())
                .setOwner(player(names, r.uuid("owner_id")))
                .setGame(spec.proto())
                .setRatingRange(RatingRange.newBuilder()
                    .setMin(r.intOrNull("rating_min") == null ? 0 : r.intOrNull("rating_min"))
                    .setMax(r.intOrNull("rating_max") == null ? 0 : r.intOrNull("rating_max")))
                .setStatus(SeekStatus.valueOf(r.str("status")))
                .setCreatedAtEpochMillis(r.millis("created_at"));
            if (r.uuid("match_id") != null) {
                b.setMatchId(r.uuid("match_id").toString());
            }
            for (Db.Row s : seats.getOrDefault(id, List.of())) {
                SeekSeat.Builder seat = SeekSeat.newBuilder().setSeat(s.integer("idx"));
                if (s.uuid("player_id") != null) {
                    seat.setPlayer(player(names, s.uuid("player_id")));
                }
                b.addSeats(seat);
            }
            out.add(b.build());
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ pools

    PoolTicket ticket(UUID id) {
        List<PoolTicket> one = tickets("t.id = ?", id);
        if (one.isEmpty()) {
            throw new IllegalStateException("ticket " + id + " vanished");
        }
        return one.get(0);
    }

    /** Tickets matching the condition on {@code pool_tickets t}, oldest first. */
    List<PoolTicket> tickets(String where, Object... args) {
        List<Db.Row> rows = Db.query("SELECT t.*, CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint) AS now "
            + "FROM pool_tickets t WHERE " + where + " ORDER BY t.queued_at, t.id", args);
        if (rows.isEmpty()) {
            return List.of();
        }
        List<UUID> ids = new ArrayList<>();
        for (Db.Row r : rows) {
            ids.add(r.uuid("id"));
        }
        Map<UUID, List<Db.Row>> members = new HashMap<>();
        Set<UUID> people = new HashSet<>();
        for (Db.Row m : Db.query("SELECT ticket_id, player_id, seat FROM pool_ticket_members WHERE ticket_id = ANY(?) "
            + "ORDER BY ticket_id, idx", ids)) {
            members.computeIfAbsent(m.uuid("ticket_id"), k -> new ArrayList<>()).add(m);
            people.add(m.uuid("player_id"));
        }
        Map<UUID, Player> names = Players.byIds(people);
        List<PoolTicket> out = new ArrayList<>();
        for (Db.Row r : rows) {
            UUID id = r.uuid("id");
            Spec spec = Spec.of(r, r.integer("seat_count"), r.str("mode"));
            long waited = Math.max(0, r.lng("now") - r.millis("queued_at"));
            PoolTicket.Builder b = PoolTicket.newBuilder()
                .setId(id.toString())
                .setGame(spec.proto())
                .setStatus(TicketStatus.valueOf(r.str("status")))
                .setQueuedAtEpochMillis(r.millis("queued_at"))
                .setRatingGap(pairing.gap(waited));
            if (r.uuid("match_id") != null) {
                b.setMatchId(r.uuid("match_id").toString());
            }
            for (Db.Row m : members.getOrDefault(id, List.of())) {
                b.addPlayers(player(names, m.uuid("player_id")));
                if (m.intOrNull("seat") != null) {
                    b.addSeats(m.intOrNull("seat"));
                }
            }
            out.add(b.build());
        }
        return out;
    }

    /** Every pool with players waiting, by variant and clock. */
    List<PoolSize> pools() {
        List<PoolSize> out = new ArrayList<>();
        for (Db.Row r : Db.query("SELECT t.pool_key, min(t.variant) AS variant, (array_agg(t.options))[1] AS options, "
            + "min(t.initial_millis) AS initial_millis, min(t.increment_millis) AS increment_millis, bool_and(t.rated) AS rated, "
            + "count(*) AS waiting FROM pool_tickets t JOIN pool_ticket_members m ON m.ticket_id = t.id "
            + "WHERE t.status = 'TICKET_WAITING' GROUP BY t.pool_key ORDER BY min(t.variant), t.pool_key")) {
            out.add(PoolSize.newBuilder().setGame(Spec.of(r, 0, "").proto()).setPlayersWaiting((int) r.lng("waiting")).build());
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ challenges

    Challenge challenge(UUID id) {
        List<Challenge> one = challenges("c.id = ?", id);
        if (one.isEmpty()) {
            throw new IllegalStateException("challenge " + id + " vanished");
        }
        return one.get(0);
    }

    List<Challenge> challenges(String where, Object... args) {
        List<Db.Row> rows = Db.query("SELECT c.* FROM challenges c WHERE " + where + " ORDER BY c.created_at, c.id", args);
        Set<UUID> people = new HashSet<>();
        for (Db.Row r : rows) {
            people.add(r.uuid("challenger_id"));
            if (r.uuid("opponent_id") != null) {
                people.add(r.uuid("opponent_id"));
            }
        }
        Map<UUID, Player> names = Players.byIds(people);
        List<Challenge> out = new ArrayList<>();
        for (Db.Row r : rows) {
            Challenge.Builder b = Challenge.newBuilder()
                .setId(r.uuid("id").toString())
                .setChallenger(player(names, r.uuid("challenger_id")))
                .setGame(Spec.of(r, 2, "").proto())
                .setStatus(ChallengeStatus.valueOf(r.str("status")))
                .setExpiresAtEpochMillis(r.millis("expires_at"));
            if (r.uuid("opponent_id") != null) {
                b.setOpponent(player(names, r.uuid("opponent_id")));
            }
            if (r.uuid("match_id") != null) {
                b.setMatchId(r.uuid("match_id").toString());
            }
            out.add(b.build());
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ parties

    Party party(UUID id) {
        Db.Row p = Db.one("SELECT * FROM parties WHERE id = ?", id);
        List<Db.Row> members = Db.query("SELECT player_id, joined FROM party_members WHERE party_id = ? ORDER BY idx", id);
        Set<UUID> people = new HashSet<>();
        people.add(p.uuid("leader_id"));
        for (Db.Row m : members) {
            people.add(m.uuid("player_id"));
        }
        Map<UUID, Player> names = Players.byIds(people);
        Party.Builder b = Party.newBuilder().setId(id.toString()).setLeader(player(names, p.uuid("leader_id")));
        for (Db.Row m : members) {
            if (m.bool("joined")) {
                b.addMembers(player(names, m.uuid("player_id")));
            } else {
                b.addInvited(player(names, m.uuid("player_id")));
            }
        }
        return b.build();
    }

    // ------------------------------------------------------------------------------------------------ the snapshot

    LobbySnapshot snapshot(UUID me) {
        return LobbySnapshot.newBuilder()
            .addAllSeeks(seeks("s.status = 'SEEK_OPEN'"))
            .addAllPools(pools())
            .addAllMyTickets(tickets("t.status = 'TICKET_WAITING' AND EXISTS (SELECT 1 FROM pool_ticket_members m "
                + "WHERE m.ticket_id = t.id AND m.player_id = ?)", me))
            .addAllMyChallenges(challenges("c.status = 'CHALLENGE_OPEN' AND (c.challenger_id = ? OR c.opponent_id = ?)", me, me))
            .build();
    }
}
