package com.plyyard.lobby.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.match.MatchDraws;
import com.plyyard.lobby.match.MatchFinished;
import com.plyyard.lobby.matchmaking.Challenges;
import com.plyyard.lobby.support.MatchmakingFixtures;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.CreateChallengeRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rating;
import com.plyyard.proto.v1.TimeControl;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ratings updated by a rated result in the transaction that stores it, through the beans; expected values from the
 * reference table of docs/ratings.md (computed there independently), ±0.01 on rating and deviation.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class RatingsServiceTest extends MatchmakingFixtures {
    @Inject
    Ratings ratings;

    @Inject
    Challenges challenges;

    @Inject
    MatchDraws draws;

    @Inject
    FlagCheck flagCheck;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    Event<MatchFinished> finished;

    /** A rated draughts match through an accepted challenge: {@code white} on seat 0. */
    private Match ratedMatch(Player white, Player black, GameSpec game) {
        var c = challenges.create(white, CreateChallengeRequest.newBuilder().setGame(game).setOpponent(black.getName()).setSeat(0)
            .build());
        Match m = matches.get(challenges.accept(black, c.getId()).getMatchId());
        assertTrue(m.getRated());
        assertEquals(white, m.getSeats(0).getPlayer());
        return m;
    }

    private Rating rating(Player p, GameSpec game) {
        com.plyyard.proto.v1.Ratings all = ratings.get(p, "");
        assertEquals(p, all.getPlayer());
        return all.getRatingsList().stream()
            .filter(r -> r.getVariant().equals(game.getVariant()) && r.getTimeClass().equals(timeClass(game))).findFirst()
            .orElseThrow(() -> new AssertionError(p.getName() + " has no rating for " + game + ": " + all));
    }

    private static void assertRating(double rating, double rd, Rating r) {
        assertEquals(rating, r.getRating(), 0.01, "rating");
        assertEquals(rd, r.getDeviation(), 0.01, "deviation");
    }

    private long ratingRows(Player... players) {
        long n = 0;
        for (Player p : players) {
            n += count("SELECT count(*) FROM ratings WHERE player_id = ?", id(p));
        }
        return n;
    }

    @Test
    void aRatedWinMovesTheWinnerUpAndTheLoserDown() {
        Player white = register("rt-white");
        Player black = register("rt-black");
        GameSpec game = fresh("draughts:fmjd", true);
        Match m = ratedMatch(white, black, game);
        assertEquals(0, ratingRows(white, black), "no rating before the first rated result");
        Match end = resign(white, m.getId());
        assertEquals(List.of(1), end.getResult().getWinnersList());
        Rating w = rating(white, game);
        Rating b = rating(black, game);
        assertEquals("rapid", b.getTimeClass());
        assertRating(1662.31, 290.32, b);
        assertRating(1337.69, 290.32, w);
        assertEquals(0.06, b.getVolatility(), 1e-5);
        assertEquals(1, b.getGames());
        assertEquals(1, w.getGames());
        assertTrue(b.getProvisional(), "a deviation of 290 is provisional");
        assertEquals(b, ratings.get(white, black.getName()).getRatings(0), "anyone sees a player's ratings by name");
        // the change is recorded, before and after, at the result's time
        assertEquals(2, count("SELECT count(*) FROM rating_changes WHERE match_id = ?::uuid", m.getId()));
        assertEquals(1500.0, Double.parseDouble(text("SELECT rating_before FROM rating_changes WHERE match_id = ?::uuid "
            + "AND player_id = ?", m.getId(), id(black))));
        assertEquals(b.getRating(), Double.parseDouble(text("SELECT rating_after FROM rating_changes WHERE match_id = ?::uuid "
            + "AND player_id = ?", m.getId(), id(black))), 1e-9);
        assertEquals(clock.nowMillis(), count("SELECT (extract(epoch FROM updated_at) * 1000)::bigint FROM ratings "
            + "WHERE player_id = ?", id(white)));
    }

    @Test
    void aStrongPlayerGainsLittleFromBeatingANewOne() {
        Player strong = register("rt-strong");
        Player fresh = register("rt-new");
        GameSpec game = fresh("draughts:fmjd", true);
        GameSpec bullet = spec("draughts:fmjd", 60, true);
        setRating(strong, game, 1700, 80, 0.06, 5);
        setRating(strong, bullet, 1650, 100, 0.06, 3);
        Match m = ratedMatch(strong, fresh, game);
        resign(fresh, m.getId());
        Rating s = rating(strong, game);
        assertRating(1707.77, 79.85, s);
        assertFalse(s.getProvisional(), "a deviation of 80 is established");
        assertEquals(6, s.getGames(), "five before and this one");
        Rating f = rating(fresh, game);
        assertRating(1401.25, 267.81, f);
        assertTrue(f.getProvisional());
        // another time class of the same variant is another rating: untouched
        Rating other = rating(strong, bullet);
        assertEquals(1650, other.getRating());
        assertEquals(3, other.getGames());
    }

    @Test
    void aDrawBetweenEqualsKeepsTheRatingAndNarrowsTheDeviation() {
        Player a = register("rt-da");
        Player b = register("rt-db");
        GameSpec game = fresh("draughts:fmjd", true);
        Match m = ratedMatch(a, b, game);
        Match offered = draws.offer(a, m.getId(), m.getVersion());
        Match drawn = draws.accept(b, m.getId(), offered.getVersion());
        assertEquals(OutcomeKind.DRAW, drawn.getResult().getKind());
        assertRating(1500, 290.32, rating(a, game));
        assertRating(1500, 290.32, rating(b, game));
    }

    /** However the match ends: here White's flag falls (the lobby's clock moved past White's time). */
    @Test
    void aFlagIsRatedLikeAnyOtherResult() {
        Player white = register("rt-fw");
        Player black = register("rt-fb");
        Match m = started("draughts:fmjd", TimeControl.newBuilder().setInitialSeconds(60).build(), true, white, black);
        clock.advanceMillis(60_000);
        flagCheck.checkNow();
        Match end = matches.get(m.getId());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        int winner = end.getResult().getWinners(0);
        GameSpec game = spec("draughts:fmjd", 60, true);
        assertEquals("bullet", timeClass(game));
        Player won = winner == 0 ? white : black;
        Player lost = winner == 0 ? black : white;
        assertRating(1662.31, 290.32, rating(won, game));
        assertRating(1337.69, 290.32, rating(lost, game));
    }

    /** Also a result with a seat that is not a person's (AI), told to the observer directly, rates nobody. */
    @Test
    void casualAbortedAndAiMatchesChangeNoRating() {
        Player a = register("rt-ca");
        Player b = register("rt-cb");
        Match casual = started("draughts:fmjd", TimeControl.newBuilder().setInitialSeconds(freshClock()).build(), false, a, b);
        assertEquals(MatchStatus.MATCH_FINISHED, resign(b, casual.getId()).getStatus());
        Match rated = started("draughts:fmjd", TimeControl.newBuilder().setInitialSeconds(freshClock()).build(), true, a, b);
        assertEquals(MatchStatus.MATCH_ABORTED, endings.abort(a, rated.getId(), rated.getVersion()).getStatus());
        assertEquals(0, ratingRows(a, b));
        assertEquals(0, count("SELECT count(*) FROM rating_changes WHERE player_id IN (?, ?)", id(a), id(b)));
        assertEquals(0, ratings.get(a, "").getRatingsCount());
        unitOfWork.run(() -> finished.fire(new MatchFinished(java.util.UUID.randomUUID(), "draughts:fmjd", 600_000, 0, true,
            Arrays.asList(id(a), null), GameState.getDefaultInstance(),
            Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(0).build(), clock.nowMillis())));
        assertEquals(0, ratingRows(a));
    }

    /**
     * The ratings are written in the transaction that stores the result: when writing the rating change fails, the
     * result is not stored either (here a rating change already recorded for this match and player).
     */
    @Test
    void theResultAndTheRatingsCommitTogetherOrNotAtAll() {
        Player a = register("rt-ta");
        Player b = register("rt-tb");
        GameSpec game = fresh("draughts:fmjd", true);
        Match m = ratedMatch(a, b, game);
        execute("INSERT INTO rating_changes (match_id, player_id, variant, time_class, rating_before, rd_before, "
            + "volatility_before, rating_after, rd_after, volatility_after, created_at) VALUES (?::uuid, ?, 'draughts:fmjd', "
            + "'rapid', 1, 1, 1, 1, 1, 1, now())", m.getId(), id(a));
        String before = stored(a, b);
        assertThrows(RuntimeException.class, () -> resign(a, m.getId()));
        assertEquals(before, stored(a, b), "neither the result nor any rating was stored");
        assertEquals(MatchStatus.MATCH_ACTIVE, matches.get(m.getId()).getStatus());
        execute("DELETE FROM rating_changes WHERE match_id = ?::uuid", m.getId());
        assertEquals(MatchStatus.MATCH_FINISHED, resign(a, m.getId()).getStatus());
        assertRating(1662.31, 290.32, rating(b, game));
    }

    @Test
    void provisionalWhileTheDeviationIsAbove110() {
        Player p = register("rt-prov");
        GameSpec game = fresh("draughts:fmjd", true);
        setRating(p, game, 1600, 110, 0.06, 20);
        assertFalse(rating(p, game).getProvisional(), "110 is not above 110");
        setRating(p, game, 1600, 110.5, 0.06, 20);
        assertTrue(rating(p, game).getProvisional());
    }
}
