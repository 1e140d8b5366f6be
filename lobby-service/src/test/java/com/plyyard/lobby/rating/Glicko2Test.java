package com.plyyard.lobby.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.rating.Glicko2.Game;
import com.plyyard.lobby.rating.Glicko2.Rating;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Seat;
import com.plyyard.proto.v1.Variant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Glicko-2 and the rating model against the reference table of docs/ratings.md (computed independently from the
 * paper's formulas): ±0.01 on rating and deviation, ±1e-5 on volatility. The lobby tests check the same numbers end to
 * end, through played matches.
 */
class Glicko2Test {
    private static void assertRating(double rating, double rd, Rating r) {
        assertEquals(rating, r.rating(), 0.01, "rating");
        assertEquals(rd, r.rd(), 0.01, "deviation");
    }

    private static void assertRating(double rating, double rd, double volatility, Rating r) {
        assertRating(rating, rd, r);
        assertEquals(volatility, r.volatility(), 1e-5, "volatility");
    }

    @Test
    void glickmansExample() {
        Rating after = Glicko2.update(new Rating(1500, 200, 0.06),
            List.of(new Game(1400, 30, 1), new Game(1550, 100, 0), new Game(1700, 300, 0)));
        assertRating(1464.05, 151.52, 0.059996, after);
    }

    @Test
    void twoPlayers() {
        assertRating(1662.31, 290.32, 0.0600, Glicko2.update(Rating.start(), List.of(new Game(1500, 350, 1))));
        assertRating(1337.69, 290.32, 0.0600, Glicko2.update(Rating.start(), List.of(new Game(1500, 350, 0))));
        assertRating(1707.77, 79.85, Glicko2.update(new Rating(1700, 80, 0.06), List.of(new Game(1500, 350, 1))));
        assertRating(1401.25, 267.81, Glicko2.update(Rating.start(), List.of(new Game(1700, 80, 0))));
    }

    /** Ploy free-for-all seats: 0 Green, 1 Red, 2 Yellow, 3 Blue; out in the order Red, Green, Blue; Yellow wins. */
    @Test
    void freeForAllFromTheFinishingOrder() {
        GameState state = fourSeats("ffa", new int[] {0, 1, 2, 3}, new boolean[] {true, true, false, true});
        Outcome result = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(2).setReason(EndReason.LAST_STANDING)
            .addAllEliminationOrder(List.of(1, 0, 3)).build();
        List<Rating> pre = List.of(Rating.start(), Rating.start(), Rating.start(), Rating.start());
        List<List<Game>> games = RatingModel.games(state, result, pre);
        double[] expected = {1400.12, 1200.37, 1799.63, 1599.88};
        for (int seat = 0; seat < 4; seat++) {
            assertEquals(3, games.get(seat).size());
            assertRating(expected[seat], 227.74, Glicko2.update(pre.get(seat), games.get(seat)));
        }
    }

    /** A draw among the players still in: ½ between them, the finishing order against those already out. */
    @Test
    void freeForAllDrawScoresHalfAmongThoseStillIn() {
        GameState state = fourSeats("ffa", new int[] {0, 1, 2, 3}, new boolean[] {false, false, false, true});
        Outcome draw = Outcome.newBuilder().setKind(OutcomeKind.DRAW).setReason(EndReason.AGREEMENT).addEliminationOrder(3).build();
        List<Rating> pre = List.of(Rating.start(), Rating.start(), Rating.start(), Rating.start());
        List<List<Game>> games = RatingModel.games(state, draw, pre);
        assertEquals(List.of(0.5, 0.5, 1.0), games.get(0).stream().map(Game::score).toList());
        assertEquals(List.of(0.0, 0.0, 0.0), games.get(3).stream().map(Game::score).toList());
    }

    /** Teams: Green 1600/100 + Yellow 1400/200 beat Red 1500/350 + Blue 1550/150. */
    @Test
    void teamsAgainstTheOtherTeamAsOneOpponent() {
        GameState state = fourSeats("team", new int[] {0, 1, 0, 1}, new boolean[] {false, true, false, true});
        Outcome result = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(0).addWinners(2)
            .setReason(EndReason.RESIGNATION).build();
        List<Rating> pre = List.of(new Rating(1600, 100, 0.06), new Rating(1500, 350, 0.06), new Rating(1400, 200, 0.06),
            new Rating(1550, 150, 0.06));
        List<List<Game>> games = RatingModel.games(state, result, pre);
        double[][] expected = {{1617.69, 98.25}, {1325.87, 260.17}, {1494.36, 184.49}, {1492.82, 140.39}};
        for (int seat = 0; seat < 4; seat++) {
            assertEquals(1, games.get(seat).size(), "one game against the other team");
            assertRating(expected[seat][0], expected[seat][1], Glicko2.update(pre.get(seat), games.get(seat)));
        }
    }

    @Test
    void provisionalWhileTheDeviationIsHigh() {
        assertTrue(Rating.start().provisional());
        assertTrue(new Rating(1500, 110.5, 0.06).provisional());
        assertFalse(new Rating(1500, 110, 0.06).provisional());
    }

    @Test
    void timeClasses() {
        assertEquals("correspondence", TimeClass.of(0, 0));
        assertEquals("bullet", TimeClass.of(60_000, 0));
        assertEquals("bullet", TimeClass.of(60_000, 2_000)); // 60 + 80 = 140 s
        assertEquals("blitz", TimeClass.of(180_000, 0));
        assertEquals("blitz", TimeClass.of(180_000, 2_000)); // 260 s
        assertEquals("rapid", TimeClass.of(600_000, 0));
        assertEquals("rapid", TimeClass.of(480_000, 0));
        assertEquals("classical", TimeClass.of(900_000, 15_000)); // 1500 s
        assertEquals("classical", TimeClass.of(1_800_000, 0));
    }

    private static GameState fourSeats(String mode, int[] teams, boolean[] out) {
        GameState.Builder b = GameState.newBuilder().setVariant(Variant.newBuilder().setId("ploy:3m:" + mode).setMode(mode)
            .setSeatCount(4));
        String[] colours = {"green", "red", "yellow", "blue"};
        for (int i = 0; i < 4; i++) {
            b.addSeats(Seat.newBuilder().setIndex(i).setColour(colours[i]).setTeam(teams[i]).setOut(out[i]));
        }
        return b.build();
    }
}
