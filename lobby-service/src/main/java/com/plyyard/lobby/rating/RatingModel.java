package com.plyyard.lobby.rating;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Outcome;
import com.plyyard.proto.v1.OutcomeKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a result into each seat's games of one Glicko-2 rating period (docs/ratings.md):
 * <ul>
 *   <li>two players: one game against the other's pre-game rating; a draw scores ½;
 *   <li>four-player free-for-all: three games, one against each other player, from the finishing order — a player
 *   beats everyone who went out before them and loses to everyone who outlasted them, the winner beats all; players
 *   still in the game at a draw score ½ against each other;
 *   <li>teams: one game against the other team as one opponent (mean rating, root mean square deviation).
 * </ul>
 */
public final class RatingModel {
    private RatingModel() {
    }

    /** Per seat, the games of this result against the others' pre-game ratings ({@code pre}, by seat). */
    public static List<List<Glicko2.Game>> games(GameState state, Outcome result, List<Glicko2.Rating> pre) {
        int n = pre.size();
        List<List<Glicko2.Game>> out = new ArrayList<>();
        boolean draw = result.getKind() == OutcomeKind.DRAW;
        boolean teams = n > 2 && "team".equals(state.getVariant().getMode());
        for (int i = 0; i < n; i++) {
            List<Glicko2.Game> games = new ArrayList<>();
            if (teams) {
                int team = team(state, i);
                double sum = 0;
                double squares = 0;
                int count = 0;
                for (int j = 0; j < n; j++) {
                    if (team(state, j) != team) {
                        sum += pre.get(j).rating();
                        squares += pre.get(j).rd() * pre.get(j).rd();
                        count++;
                    }
                }
                double score = draw ? 0.5 : result.getWinnersList().contains(i) ? 1 : 0;
                games.add(new Glicko2.Game(sum / count, Math.sqrt(squares / count), score));
            } else {
                for (int j = 0; j < n; j++) {
                    if (j != i) {
                        games.add(new Glicko2.Game(pre.get(j).rating(), pre.get(j).rd(), score(state, result, i, j)));
                    }
                }
            }
            out.add(games);
        }
        return out;
    }

    private static int team(GameState state, int seat) {
        return seat < state.getSeatsCount() ? state.getSeats(seat).getTeam() : seat;
    }

    /** Seat i's score against seat j: by the finishing order, then by the result between the players still in. */
    static double score(GameState state, Outcome result, int i, int j) {
        Map<Integer, Integer> outAt = new HashMap<>();
        List<Integer> order = result.getEliminationOrderList();
        for (int k = 0; k < order.size(); k++) {
            outAt.put(order.get(k), k);
        }
        Integer oi = outAt.containsKey(i) ? outAt.get(i) : isOut(state, i) ? -1 : null;
        Integer oj = outAt.containsKey(j) ? outAt.get(j) : isOut(state, j) ? -1 : null;
        if (oi != null && oj != null) {
            return oi > oj ? 1 : oi < oj ? 0 : 0.5;
        }
        if (oi != null) {
            return 0; // i went out, j did not
        }
        if (oj != null) {
            return 1;
        }
        if (result.getKind() == OutcomeKind.WIN) {
            boolean wi = result.getWinnersList().contains(i);
            boolean wj = result.getWinnersList().contains(j);
            if (wi != wj) {
                return wi ? 1 : 0;
            }
        }
        return 0.5;
    }

    /** Out before the end (free-for-all); the losers of a two-sided ending are not "out" in this sense. */
    private static boolean isOut(GameState state, int seat) {
        return state.getSeatsCount() > 2 && seat < state.getSeatsCount() && state.getSeats(seat).getOut()
            && !"team".equals(state.getVariant().getMode());
    }
}
