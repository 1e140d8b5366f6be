package com.plyyard.engine;

import java.util.List;

/**
 * The result of a finished game.
 *
 * @param draw             true for a draw, false for a win
 * @param winners          winning seat indices (empty for a draw; two partners in team games)
 * @param reason           why the game ended
 * @param description      one human sentence, e.g. "White wins: Black has no legal move."
 * @param eliminationOrder multi-player games: seats in the order they went out (empty otherwise)
 */
public record Outcome(boolean draw, List<Integer> winners, EndReason reason, String description,
                      List<Integer> eliminationOrder) {
    public Outcome {
        winners = List.copyOf(winners);
        eliminationOrder = List.copyOf(eliminationOrder);
    }

    public static Outcome win(int winner, EndReason reason, String description) {
        return new Outcome(false, List.of(winner), reason, description, List.of());
    }

    public static Outcome draw(EndReason reason, String description) {
        return new Outcome(true, List.of(), reason, description, List.of());
    }
}
