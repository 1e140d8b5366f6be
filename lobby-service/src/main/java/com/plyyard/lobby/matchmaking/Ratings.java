package com.plyyard.lobby.matchmaking;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.match.Players;
import com.plyyard.lobby.model.MatchEntity;
import com.plyyard.lobby.model.PlayerEntity;
import com.plyyard.lobby.model.SeatEntity;
import com.plyyard.lobby.rating.Glicko2;
import com.plyyard.lobby.rating.TimeClass;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rating;
import com.plyyard.proto.v1.SeatKind;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Glicko-2 ratings per player, variant and time-control class (docs/ratings.md). A rated match's result updates the
 * ratings of its players inside the transaction that stores the result ({@link #rateMatch}, called by MatchLogic when a
 * match finishes, however it ends); casual and aborted matches change nothing, and AI seats are never rated (a rated
 * match cannot have AI seats).
 */
@ApplicationScoped
public class Ratings {
    @Inject
    MeterRegistry metrics;

    /** The players' current ratings (the start rating for those without a row); call inside a transaction. */
    public Map<UUID, Glicko2.Rating> current(Collection<UUID> players, String variant, String timeClass) {
        Map<UUID, Glicko2.Rating> out = new HashMap<>();
        if (players.isEmpty()) {
            return out;
        }
        for (Db.Row r : Db.query("SELECT player_id, rating, rd, volatility FROM ratings "
            + "WHERE variant = ? AND time_class = ? AND player_id = ANY(?)", variant, timeClass, List.copyOf(players))) {
            out.put(r.uuid("player_id"), new Glicko2.Rating(r.dbl("rating"), r.dbl("rd"), r.dbl("volatility")));
        }
        for (UUID p : players) {
            out.putIfAbsent(p, Glicko2.Rating.start());
        }
        return out;
    }

    public double currentRating(UUID player, String variant, String timeClass) {
        return current(List.of(player), variant, timeClass).get(player).rating();
    }

    /**
     * Rates a finished match (the caller holds the match row lock, inside the transaction that stores the result).
     * Nothing happens for a casual match, a result without a winner or a draw, or a match with a seat that is not a
     * person's.
     */
    public void rateMatch(MatchEntity m, List<SeatEntity> seats, GameState state, Outcome result, long nowMillis) {
        if (!m.rated || (result.getKind() != OutcomeKind.WIN && result.getKind() != OutcomeKind.DRAW)) {
            return;
        }
        List<UUID> bySeat = new ArrayList<>();
        for (SeatEntity s : seats) {
            if (!SeatKind.SEAT_PLAYER.name().equals(s.kind) || s.playerId == null) {
                return; // AI seats are never rated; a rated match cannot have them (CreateMatch refuses it)
            }
            bySeat.add(s.playerId);
        }
        String timeClass = TimeClass.of(m.initialMillis, m.incrementMillis);
        Instant now = Instant.ofEpochMilli(nowMillis);
        List<UUID> sorted = new ArrayList<>(new TreeSet<>(bySeat));
        // the rows, created when missing, then locked in id order (two matches finishing at once wait, never deadlock)
        Db.update("INSERT INTO ratings (player_id, variant, time_class, rating, rd, volatility, games, updated_at) "
                + "SELECT p, ?, ?, ?, ?, ?, 0, ? FROM unnest(?::uuid[]) AS p ORDER BY p ON CONFLICT DO NOTHING",
            m.variant, timeClass, Glicko2.START_RATING, Glicko2.START_RD, Glicko2.START_VOLATILITY, now, sorted);
        Map<UUID, Glicko2.Rating> before = new HashMap<>();
        Map<UUID, Integer> games = new HashMap<>();
        for (Db.Row r : Db.query("SELECT player_id, rating, rd, volatility, games FROM ratings "
                + "WHERE variant = ? AND time_class = ? AND player_id = ANY(?) ORDER BY player_id FOR UPDATE",
            m.variant, timeClass, sorted)) {
            before.put(r.uuid("player_id"), new Glicko2.Rating(r.dbl("rating"), r.dbl("rd"), r.dbl("volatility")));
            games.put(r.uuid("player_id"), r.integer("games"));
        }
        List<Glicko2.Rating> pre = new ArrayList<>();
        for (UUID p : bySeat) {
            pre.add(before.get(p));
        }
        List<List<Glicko2.Game>> periods = RatingModel.games(state, result, pre);
        for (int seat = 0; seat < bySeat.size(); seat++) {
            UUID p = bySeat.get(seat);
            Glicko2.Rating b = pre.get(seat);
            Glicko2.Rating a = Glicko2.update(b, periods.get(seat));
            Db.update("UPDATE ratings SET rating = ?, rd = ?, volatility = ?, games = games + 1, updated_at = ? "
                + "WHERE player_id = ? AND variant = ? AND time_class = ?", a.rating(), a.rd(), a.volatility(), now, p,
                m.variant, timeClass);
            Db.update("INSERT INTO rating_changes (match_id, player_id, variant, time_class, rating_before, rd_before, "
                    + "volatility_before, rating_after, rd_after, volatility_after, created_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                m.id, p, m.variant, timeClass, b.rating(), b.rd(), b.volatility(), a.rating(), a.rd(), a.volatility(), now);
        }
        metrics.counter("plyyard.lobby.ratings.updated").increment(bySeat.size());
    }

    /** GetRatings: a player's ratings (by name, or the caller's), every variant and class they have played rated. */
    public com.plyyard.proto.v1.Ratings get(Player me, String name) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Player who = me;
            if (name != null && !name.isBlank()) {
                PlayerEntity p = Players.byName(name);
                if (p == null) {
                    throw LobbyErrors.notFound("No player is called '" + name.strip() + "'.");
                }
                who = Player.newBuilder().setId(p.id.toString()).setName(p.name).build();
            }
            com.plyyard.proto.v1.Ratings.Builder b = com.plyyard.proto.v1.Ratings.newBuilder().setPlayer(who);
            for (Db.Row r : Db.query("SELECT variant, time_class, rating, rd, volatility, games FROM ratings "
                + "WHERE player_id = ? ORDER BY variant, time_class", UUID.fromString(who.getId()))) {
                b.addRatings(Rating.newBuilder()
                    .setVariant(r.str("variant"))
                    .setTimeClass(r.str("time_class"))
                    .setRating(r.dbl("rating"))
                    .setDeviation(r.dbl("rd"))
                    .setVolatility(r.dbl("volatility"))
                    .setProvisional(r.dbl("rd") > Glicko2.PROVISIONAL_RD)
                    .setGames(r.integer("games")));
            }
            return b.build();
        });
    }
}
