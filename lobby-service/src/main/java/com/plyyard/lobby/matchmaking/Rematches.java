package com.plyyard.lobby.matchmaking;

import com.google.protobuf.InvalidProtocolBufferException;
import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.EventLog;
import com.plyyard.lobby.match.MatchLogic;
import com.plyyard.lobby.match.Players;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.Paired;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rematch;
import com.plyyard.proto.v1.VariantOptions;
import io.micrometer.core.instrument.MeterRegistry;
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
 * Rematch: any player of a finished match asks; once every person who played in it asked, a new match starts with the
 * same players and the same game (variant, options, clock, rated), colours swapped (two seats) or every seat moved on
 * by one (four seats: the player of seat i takes seat i+1, the last takes seat 0 — partners stay partners). AI seats
 * stay AI seats of the same level and move with the rotation. Repeating the request changes nothing.
 */
@ApplicationScoped
public class Rematches {
    @Inject
    Tx tx;

    @Inject
    Specs specs;

    @Inject
    LobbyLog log;

    @Inject
    Bookings bookings;

    @Inject
    MatchLogic matches;

    @Inject
    MeterRegistry metrics;

    public Rematch request(Player me, String matchIdText) {
        UUID previous = Ids.parse(matchIdText, "match");
        UUID myId = UUID.fromString(me.getId());
        Db.Row pre = QuarkusTransaction.requiringNew().call(() -> Db.one("SELECT * FROM matches WHERE id = ?", previous));
        if (pre == null) {
            throw LobbyErrors.notFound("There is no match " + previous + ".");
        }
        GameState start = "MATCH_FINISHED".equals(pre.str("status")) ? specs.start(spec(pre)) : null;
        return tx.call(() -> {
            List<Db.Row> seats = Db.query("SELECT idx, kind, player_id, ai_level FROM seats WHERE match_id = ? ORDER BY idx", previous);
            List<UUID> people = new ArrayList<>();
            for (Db.Row s : seats) {
                if (s.uuid("player_id") != null && "SEAT_PLAYER".equals(s.str("kind"))) {
                    people.add(s.uuid("player_id"));
                }
            }
            Set<UUID> involved = new HashSet<>(people);
            involved.add(myId);
            Locks.players(involved);
            Db.Row m = Db.one("SELECT status FROM matches WHERE id = ? FOR SHARE", previous);
            if (!people.contains(myId)) {
                throw LobbyErrors.denied("You did not play in this match; only its players can ask for a rematch.");
            }
            if (!"MATCH_FINISHED".equals(m.str("status"))) {
                throw LobbyErrors.failedPrecondition("The match is not finished; a rematch follows a finished match.");
            }
            Instant now = Instant.ofEpochMilli(EventLog.dbNow());
            Db.update("INSERT INTO rematches (previous_match_id, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                previous, now, now);
            Db.Row rm = Db.one("SELECT match_id FROM rematches WHERE previous_match_id = ? FOR UPDATE", previous);
            if (rm.uuid("match_id") != null
                || Db.count("SELECT count(*) FROM rematch_requests WHERE previous_match_id = ? AND player_id = ?", previous, myId) > 0) {
                return view(previous, people); // asked before: nothing changes
            }
            Db.update("INSERT INTO rematch_requests (previous_match_id, player_id, created_at) VALUES (?, ?, ?)", previous, myId, now);
            Db.update("UPDATE rematches SET updated_at = ? WHERE previous_match_id = ?", now, previous);
            Set<UUID> asked = asked(previous);
            if (asked.containsAll(people)) {
                Busy.check(people, myId);
                int n = seats.size();
                List<MatchLogic.SeatPlan> plan = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    plan.add(null);
                }
                for (Db.Row s : seats) {
                    int to = n == 2 ? 1 - s.integer("idx") : (s.integer("idx") + 1) % n;
                    plan.set(to, "SEAT_AI".equals(s.str("kind")) ? MatchLogic.SeatPlan.ai(s.intOrNull("ai_level") == null ? 1
                        : s.intOrNull("ai_level")) : MatchLogic.SeatPlan.player(s.uuid("player_id")));
                }
                Bookings.Plan booking = bookings.lock(people, List.of(), null, false);
                Spec spec = spec(pre);
                UUID matchId = matches.createPaired(start, options(pre), spec.initialMillis(), spec.incrementMillis(), spec.rated(),
                    plan, myId);
                Db.update("UPDATE rematches SET match_id = ?, updated_at = ? WHERE previous_match_id = ?", matchId, now, previous);
                bookings.apply(booking, now);
                for (int i = 0; i < n; i++) {
                    if (!plan.get(i).isAi()) {
                        bookings.paired(plan.get(i).playerId(), matchId, i, Paired.newBuilder());
                    }
                }
                metrics.counter("plyyard.lobby.pairings", "via", "rematch").increment();
            }
            Rematch view = view(previous, people);
            log.add(LobbyEvent.newBuilder().setRematch(view), people);
            return view;
        });
    }

    private static Set<UUID> asked(UUID previous) {
        Set<UUID> out = new HashSet<>();
        for (Db.Row r : Db.query("SELECT player_id FROM rematch_requests WHERE previous_match_id = ?", previous)) {
            out.add(r.uuid("player_id"));
        }
        return out;
    }

    private static Rematch view(UUID previous, List<UUID> people) {
        Set<UUID> asked = asked(previous);
        Map<UUID, Player> names = Players.byIds(people);
        Rematch.Builder b = Rematch.newBuilder().setPreviousMatchId(previous.toString());
        for (UUID p : people) {
            if (asked.contains(p)) {
                b.addRequestedBy(Views.player(names, p));
            } else {
                b.addWaitingFor(Views.player(names, p));
            }
        }
        Db.Row rm = Db.one("SELECT match_id FROM rematches WHERE previous_match_id = ?", previous);
        if (rm != null && rm.uuid("match_id") != null) {
            b.setMatchId(rm.uuid("match_id").toString());
        }
        return b.build();
    }

    private static VariantOptions options(Db.Row match) {
        try {
            return VariantOptions.parseFrom(match.bytes("options"));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored options do not parse", e);
        }
    }

    private static Spec spec(Db.Row match) {
        return new Spec(match.str("variant"), options(match), match.lng("initial_millis"), match.lng("increment_millis"),
            match.bool("rated"), 0, "");
    }
}
