package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.MatchmakingTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Rating;
import com.plyyard.proto.v1.Ratings;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ratings after played matches, against the reference values of docs/ratings.md (±0.01 on rating and deviation, ±1e-5
 * on volatility): updated in the transaction that stores a rated result, however the match ends; casual and aborted
 * matches and AI seats change nothing.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class RatingsTest extends MatchmakingTestBase {
    @Inject
    FlagCheck flagCheck;

    @Inject
    ManualClock manualClock;

    private Match rated(String variant, TimeControl tc, TestPlayer... p) {
        CreateMatchRequest.Builder b = CreateMatchRequest.newBuilder().setVariant(variant).setTimeControl(tc).setRated(true)
            .addSeats(me());
        for (int i = 1; i < p.length; i++) {
            b.addSeats(invite(p[i]));
        }
        Match m = p[0].matches().createMatch(b.build());
        for (int i = 1; i < p.length; i++) {
            m = p[i].matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        }
        assertTrue(m.getRated());
        return m;
    }

    private static Rating rating(TestPlayer p, String variant) {
        Ratings all = p.mm().getRatings(GetRatingsRequest.getDefaultInstance());
        assertEquals(p.player(), all.getPlayer());
        return all.getRatingsList().stream().filter(r -> r.getVariant().equals(variant)).findFirst()
            .orElseThrow(() -> new AssertionError(p.name() + " has no " + variant + " rating: " + all));
    }

    private static void assertRating(double rating, double rd, Rating r) {
        assertEquals(rating, r.getRating(), 0.01, "rating");
        assertEquals(rd, r.getDeviation(), 0.01, "deviation");
    }

    /** Two new players; White's flag falls (nobody moves): Black wins on time. */
    @Test
    void twoNewPlayersAfterAFlag() {
        TestPlayer white = register("r-white");
        TestPlayer black = register("r-black");
        Match m = rated("draughts:fmjd", clock(1, 0), white, black);
        manualClock.advanceMillis(1000);
        flagCheck.checkNow();
        await("the flag", () -> white.get(m.getId()).getStatus() == MatchStatus.MATCH_FINISHED, Duration.ofSeconds(8));
        assertEquals(List.of(1), white.get(m.getId()).getResult().getWinnersList());
        Rating w = rating(white, "draughts:fmjd");
        Rating b = rating(black, "draughts:fmjd");
        assertEquals("bullet", w.getTimeClass(), "1+0 is bullet");
        assertRating(1337.69, 290.32, w);
        assertRating(1662.31, 290.32, b);
        assertEquals(0.06, b.getVolatility(), 1e-5);
        assertEquals(1, b.getGames());
        assertTrue(b.getProvisional(), "RD 290 > 110: provisional");
        // by name, as anyone sees them
        Ratings byName = white.mm().getRatings(GetRatingsRequest.newBuilder().setPlayer(black.name()).build());
        assertEquals(b, byName.getRatings(0));
        assertEquals(2, count("SELECT count(*) FROM rating_changes WHERE match_id = ?::uuid", m.getId()));
    }

    /** 1700/80 (set in the database) beats a new player by resignation. */
    @Test
    void aStrongPlayerBeatsANewOne() {
        TestPlayer strong = register("r-strong");
        TestPlayer fresh = register("r-new");
        setRating(strong, "draughts:fmjd", 300, 0, 1700, 80, 0.06);
        Match m = rated("draughts:fmjd", clock(300, 0), strong, fresh);
        Match end = fresh.matches().resign(action(m));
        assertEquals(List.of(0), end.getResult().getWinnersList());
        Rating s = rating(strong, "draughts:fmjd");
        assertEquals("blitz", s.getTimeClass());
        assertRating(1707.77, 79.85, s);
        assertFalse(s.getProvisional());
        assertEquals(6, s.getGames(), "five before (set) and this one");
        assertRating(1401.25, 267.81, rating(fresh, "draughts:fmjd"));
    }

    /** Four new players in free-for-all: out in the order Red, Green, Blue (resignations); Yellow wins. */
    @Test
    void aFreeForAllResultFromTheFinishingOrder() {
        TestPlayer[] p = {register("r-green"), register("r-red"), register("r-yellow"), register("r-blue")};
        Match m = rated("ploy:3m:ffa", clock(0, 0), p);
        for (int seat : new int[] {1, 0, 3}) {
            m = p[seat].matches().resign(action(m));
        }
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(List.of(2), m.getResult().getWinnersList());
        assertEquals(List.of(1, 0, 3), m.getResult().getEliminationOrderList());
        double[] expected = {1400.12, 1200.37, 1799.63, 1599.88};
        for (int seat = 0; seat < 4; seat++) {
            Rating r = rating(p[seat], "ploy:3m:ffa");
            assertEquals("correspondence", r.getTimeClass());
            assertRating(expected[seat], 227.74, r);
        }
    }

    /** Green 1600/100 + Yellow 1400/200 against Red 1500/350 + Blue 1550/150; Red resigns, so Green and Yellow win. */
    @Test
    void aTeamResult() {
        TestPlayer[] p = {register("t-green"), register("t-red"), register("t-yellow"), register("t-blue")};
        double[][] before = {{1600, 100}, {1500, 350}, {1400, 200}, {1550, 150}};
        for (int seat = 0; seat < 4; seat++) {
            setRating(p[seat], "ploy:3m:team", 0, 0, before[seat][0], before[seat][1], 0.06);
        }
        Match m = rated("ploy:3m:team", clock(0, 0), p);
        m = p[1].matches().resign(action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        assertEquals(List.of(0, 2), m.getResult().getWinnersList());
        double[][] expected = {{1617.69, 98.25}, {1325.87, 260.17}, {1494.36, 184.49}, {1492.82, 140.39}};
        for (int seat = 0; seat < 4; seat++) {
            assertRating(expected[seat][0], expected[seat][1], rating(p[seat], "ploy:3m:team"));
        }
    }

    @Test
    void aDrawBetweenEqualsKeepsTheRatingAndNarrowsTheDeviation() {
        TestPlayer a = register("d-a");
        TestPlayer b = register("d-b");
        Match m = rated("draughts:fmjd", clock(0, 0), a, b);
        m = a.matches().offerDraw(action(m));
        m = b.matches().acceptDraw(action(m));
        assertEquals(OutcomeKind.DRAW, m.getResult().getKind());
        assertRating(1500, 290.32, rating(a, "draughts:fmjd"));
        assertRating(1500, 290.32, rating(b, "draughts:fmjd"));
    }

    @Test
    void casualAndAbortedMatchesAndAiSeatsChangeNothing() {
        TestPlayer a = register("c-a");
        TestPlayer b = register("c-b");
        Match casual = started("draughts:fmjd", clock(0, 0), a, b);
        assertFalse(casual.getRated());
        assertEquals(MatchStatus.MATCH_FINISHED, b.matches().resign(action(casual)).getStatus());
        Match aborted = rated("draughts:fmjd", clock(0, 0), a, b);
        assertEquals(MatchStatus.MATCH_ABORTED, a.matches().abort(action(aborted)).getStatus());
        assertEquals(0, count("SELECT count(*) FROM ratings WHERE player_id IN (?::uuid, ?::uuid)", a.player().getId(),
            b.player().getId()));
        assertEquals(0, a.mm().getRatings(GetRatingsRequest.getDefaultInstance()).getRatingsCount());
        // a rated match cannot have AI seats: nothing to rate against honestly
        long matches = count("SELECT count(*) FROM matches");
        String why = assertStatus(Status.Code.INVALID_ARGUMENT, () -> a.matches().createMatch(CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").setRated(true).addSeats(me()).addSeats(ai(1)).build()));
        assertEquals("A match with AI seats cannot be rated; make it casual or seat people only.", why);
        assertEquals(matches, count("SELECT count(*) FROM matches"));
        assertEquals("No player is called 'nobody-here-at-all'.", assertStatus(Status.Code.NOT_FOUND,
            () -> a.mm().getRatings(GetRatingsRequest.newBuilder().setPlayer("nobody-here-at-all").build())));
    }

    private static com.plyyard.proto.v1.MatchActionRequest action(Match m) {
        return TestPlayer.action(m);
    }
}
