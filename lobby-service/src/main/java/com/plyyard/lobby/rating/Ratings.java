package com.plyyard.lobby.rating;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchFinished;
import com.plyyard.lobby.players.PlayerEntity;
import com.plyyard.lobby.players.PlayerRepository;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rating;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
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
 * ratings of its players inside the transaction that stores the result ({@link #onMatchFinished}, however the match
 * ended); casual and aborted matches change nothing, and AI seats are never rated (a rated match cannot have AI seats).
 */
@ApplicationScoped
public class Ratings {
    @Inject
    UnitOfWork unitOfWork;

    @Inject
    RatingRepository ratings;

    @Inject
    PlayerRepository players;

    @Inject
    MeterRegistry metrics;

    /** The players' current ratings (the start rating for those without a row); inside the caller's unit of work. */
    public Map<UUID, Glicko2.Rating> current(Collection<UUID> who, String variant, String timeClass) {
        unitOfWork.requireActive("Ratings.current");
        Map<UUID, Glicko2.Rating> out = new HashMap<>();
        for (RatingEntity r : ratings.of(List.copyOf(who), variant, timeClass)) {
            out.put(r.playerId, r.glicko());
        }
        for (UUID p : who) {
            out.putIfAbsent(p, Glicko2.Rating.start());
        }
        return out;
    }

    public double currentRating(UUID player, String variant, String timeClass) {
        return current(List.of(player), variant, timeClass).get(player).rating();
    }

    /**
     * Rates a finished match, in the transaction that stores its result. Nothing happens for a casual match, a result
     * without a winner or a draw, or a match with a seat that is not a person's.
     */
    void onMatchFinished(@Observes MatchFinished match) {
        OutcomeKind kind = match.result().getKind();
        if (!match.rated() || (kind != OutcomeKind.WIN && kind != OutcomeKind.DRAW) || match.players().contains(null)) {
            return; // AI seats are never rated; a rated match cannot have them (CreateMatch refuses it)
        }
        List<UUID> bySeat = match.players();
        String timeClass = TimeClass.of(match.initialMillis(), match.incrementMillis());
        Instant now = Instant.ofEpochMilli(match.atMillis());
        Map<UUID, RatingEntity> rows = new HashMap<>();
        for (RatingEntity r : ratings.lockCreatingMissing(new ArrayList<>(new TreeSet<>(bySeat)), match.variant(), timeClass,
            now)) {
            rows.put(r.playerId, r);
        }
        List<Glicko2.Rating> before = new ArrayList<>();
        for (UUID p : bySeat) {
            before.add(rows.get(p).glicko());
        }
        List<List<Glicko2.Game>> periods = RatingModel.games(match.state(), match.result(), before);
        for (int seat = 0; seat < bySeat.size(); seat++) {
            RatingEntity row = rows.get(bySeat.get(seat));
            Glicko2.Rating b = before.get(seat);
            Glicko2.Rating a = Glicko2.update(b, periods.get(seat));
            row.rating = a.rating();
            row.rd = a.rd();
            row.volatility = a.volatility();
            row.games++;
            row.updatedAt = now;
            RatingChangeEntity change = new RatingChangeEntity();
            change.matchId = match.matchId();
            change.playerId = row.playerId;
            change.variant = match.variant();
            change.timeClass = timeClass;
            change.ratingBefore = b.rating();
            change.rdBefore = b.rd();
            change.volatilityBefore = b.volatility();
            change.ratingAfter = a.rating();
            change.rdAfter = a.rd();
            change.volatilityAfter = a.volatility();
            change.createdAt = now;
            ratings.persistChange(change);
        }
        int rated = bySeat.size();
        unitOfWork.afterCommit(() -> metrics.counter("plyyard.lobby.ratings.updated").increment(rated));
    }

    /** GetRatings: a player's ratings (by name, or the caller's), every variant and class they have played rated. */
    public com.plyyard.proto.v1.Ratings get(Player me, String name) {
        return unitOfWork.call(() -> {
            Player who = me;
            if (name != null && !name.isBlank()) {
                PlayerEntity p = players.requireByName(name);
                who = PlayerRepository.view(p);
            }
            com.plyyard.proto.v1.Ratings.Builder b = com.plyyard.proto.v1.Ratings.newBuilder().setPlayer(who);
            for (RatingEntity r : ratings.ofPlayer(UUID.fromString(who.getId()))) {
                b.addRatings(Rating.newBuilder()
                    .setVariant(r.variant)
                    .setTimeClass(r.timeClass)
                    .setRating(r.rating)
                    .setDeviation(r.rd)
                    .setVolatility(r.volatility)
                    .setProvisional(r.rd > Glicko2.PROVISIONAL_RD)
                    .setGames(r.games));
            }
            return b.build();
        });
    }
}
