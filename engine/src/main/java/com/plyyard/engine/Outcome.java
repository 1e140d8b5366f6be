package com.plyyard.engine;

import java.util.List;

/**
 * The result of a finished game.
 *
 * @param draw        true for a draw, false for a win
 * @param winners     winning seat indices (empty for a draw; two partners in team games)
 * @param reason      why the game ended
 * @param description one human sentence, e.g. "White wins: Black has no legal move."
 */
public record Outcome(boolean draw, List<Integer> winners, EndReason reason, String description) {
    public Outcome {
        winners = List.copyOf(winners);
    }

    public static Outcome win(int winner, EndReason reason, String description) {
        return new Outcome(false, List.of(winner), reason, description);
    }

    public static Outcome draw(EndReason reason, String description) {
        return new Outcome(true, List.of(), reason, description);
    }
}
