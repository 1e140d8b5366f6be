package com.plyyard.lobby.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.Seat;
import com.plyyard.proto.v1.Variant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a result becomes each seat's rated games (docs/ratings.md), without a database. */
class RatingModelTest {
    private static final Glicko2.Rating R1500 = new Glicko2.Rating(1500, 200, 0.06);
    private static final Glicko2.Rating R1700 = new Glicko2.Rating(1700, 100, 0.06);
    private static final Glicko2.Rating R1300 = new Glicko2.Rating(1300, 300, 0.06);
    private static final Glicko2.Rating R1600 = new Glicko2.Rating(1600, 50, 0.06);

    private static GameState state(String mode, int... teams) {
        GameState.Builder b = GameState.newBuilder().setVariant(Variant.newBuilder().setMode(mode));
        for (int i = 0; i < teams.length; i++) {
            b.addSeats(Seat.newBuilder().setIndex(i).setTeam(teams[i]));
        }
        return b.build();
    }

    private static double score(Glicko2.Game g) {
        return g.score();
    }

    @Test
    void twoPlayersPlayOneGameAgainstTheOthersPreGameRating() {
        Outcome whiteWins = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(0).build();
        List<List<Glicko2.Game>> games = RatingModel.games(state("2p", 0, 1), whiteWins, List.of(R1500, R1700));
        assertEquals(List.of(new Glicko2.Game(1700, 100, 1)), games.get(0));
        assertEquals(List.of(new Glicko2.Game(1500, 200, 0)), games.get(1));
    }

    @Test
    void aDrawScoresAHalfEach() {
        Outcome draw = Outcome.newBuilder().setKind(OutcomeKind.DRAW).build();
        List<List<Glicko2.Game>> games = RatingModel.games(state("2p", 0, 1), draw, List.of(R1500, R1700));
        assertEquals(0.5, score(games.get(0).get(0)));
        assertEquals(0.5, score(games.get(1).get(0)));
    }

    @Test
    void freeForAllScoresByTheFinishingOrder() {
        // seat 2 went out first, then seat 0, then seat 3; seat 1 won
        Outcome result = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(1)
            .addEliminationOrder(2).addEliminationOrder(0).addEliminationOrder(3).build();
        List<List<Glicko2.Game>> games = RatingModel.games(state("ffa", 0, 1, 2, 3), result,
            List.of(R1500, R1700, R1300, R1600));
        assertEquals(List.of(0.0, 1.0, 0.0), games.get(0).stream().map(RatingModelTest::score).toList(),
            "seat 0 lost to 1 and 3 who outlasted it and beat 2 who went out before it");
        assertEquals(List.of(1.0, 1.0, 1.0), games.get(1).stream().map(RatingModelTest::score).toList());
        assertEquals(List.of(0.0, 0.0, 0.0), games.get(2).stream().map(RatingModelTest::score).toList());
        assertEquals(List.of(1.0, 0.0, 1.0), games.get(3).stream().map(RatingModelTest::score).toList());
        assertEquals(1700, games.get(0).get(0).opponentRating(), "seat 0's first game is against seat 1");
    }

    @Test
    void freeForAllPlayersStillInAtADrawShareHalfAPoint() {
        Outcome draw = Outcome.newBuilder().setKind(OutcomeKind.DRAW).addEliminationOrder(3).build();
        List<List<Glicko2.Game>> games = RatingModel.games(state("ffa", 0, 1, 2, 3), draw,
            List.of(R1500, R1700, R1300, R1600));
        assertEquals(List.of(0.5, 0.5, 1.0), games.get(0).stream().map(RatingModelTest::score).toList());
        assertEquals(List.of(0.0, 0.0, 0.0), games.get(3).stream().map(RatingModelTest::score).toList());
    }

    @Test
    void teamsPlayOneGameAgainstTheOtherTeamAsOneOpponent() {
        Outcome redBlueWin = Outcome.newBuilder().setKind(OutcomeKind.WIN).addWinners(0).addWinners(2).build();
        List<List<Glicko2.Game>> games = RatingModel.games(state("team", 0, 1, 0, 1), redBlueWin,
            List.of(R1500, R1700, R1300, R1600));
        Glicko2.Game g0 = games.get(0).get(0);
        assertEquals(1, games.get(0).size());
        assertEquals(1650, g0.opponentRating(), 1e-9, "the mean rating of seats 1 and 3");
        assertEquals(Math.sqrt((100.0 * 100 + 50.0 * 50) / 2), g0.opponentRd(), 1e-9, "root mean square deviation");
        assertEquals(1.0, g0.score());
        Glicko2.Game g1 = games.get(1).get(0);
        assertEquals(1400, g1.opponentRating(), 1e-9);
        assertEquals(0.0, g1.score());
    }
}
