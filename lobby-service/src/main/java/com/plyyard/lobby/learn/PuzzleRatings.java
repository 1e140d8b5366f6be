package com.plyyard.lobby.learn;

import com.plyyard.lobby.rating.Glicko2;
import java.util.List;

/**
 * Glicko-2 for puzzles, as for games: an attempt is one game between the player and the puzzle, won by the player when
 * solved and by the puzzle when failed; both are rated from each other's rating before it (one game a period).
 */
final class PuzzleRatings {
    /**
     * A shipped puzzle's deviation: its rating is the generator's estimate (docs/learn.md), surer than a new player's but
     * still to be corrected by the first players' results.
     */
    static final double PUZZLE_START_RD = 250;

    private PuzzleRatings() {
    }

    /** Both ratings after one attempt. */
    record After(Glicko2.Rating player, Glicko2.Rating puzzle) {
    }

    static After play(Glicko2.Rating player, Glicko2.Rating puzzle, boolean solved) {
        double score = solved ? 1 : 0;
        return new After(
            Glicko2.update(player, List.of(new Glicko2.Game(puzzle.rating(), puzzle.rd(), score))),
            Glicko2.update(puzzle, List.of(new Glicko2.Game(player.rating(), player.rd(), 1 - score))));
    }
}
