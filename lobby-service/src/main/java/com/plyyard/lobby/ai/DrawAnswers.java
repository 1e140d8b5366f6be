package com.plyyard.lobby.ai;

import java.util.Map;

/**
 * How an AI seat answers a draw offer, from ai-service's scores (engine.proto's Evaluate: hundredths of the game's unit —
 * a man, a Shield, a hit — from a seat's view). Pure: the numbers in, the answer out.
 *
 * <p>The AI accepts when its score says it is not better: in a game of two sides (two players, or two teams) when its own
 * score is at most its level's margin; in a free-for-all, where every player's score is taken against all the others
 * (the engine's paranoid search, so that even equal armies score below 0), when its score is above no other player's
 * by more than the margin. It declines otherwise.
 *
 * <p>The margin, by level: 50 (half a unit) for beginner, 25 for casual, 0 from club up. A weaker level's search is short
 * and its score noisy, so a small edge it sees may be nothing; like a cautious human it takes the half point unless it
 * is clearly ahead. The stronger levels search deeper and trust what they find: any edge, and they play on.
 */
final class DrawAnswers {
    private DrawAnswers() {
    }

    /** The margin of a level, 1 (beginner) to 5 (max); levels outside that range are taken as the nearest. */
    static int margin(int level) {
        return switch (Math.max(1, Math.min(5, level))) {
            case 1 -> 50;
            case 2 -> 25;
            default -> 0;
        };
    }

    /**
     * In a game of two sides: accept when the seat's own score is at most its level's margin.
     *
     * @param score the AI seat's score, from its own view
     */
    static boolean acceptsInTwoSides(int level, int score) {
        return score <= margin(level);
    }

    /**
     * In a free-for-all: accept when the seat's score is above the best of the other players' by at most its level's
     * margin (every score from its own player's view).
     *
     * @param scores the score of every seat still in the game, the AI's own included, by seat
     */
    static boolean acceptsInFreeForAll(int level, int seat, Map<Integer, Integer> scores) {
        int own = scores.get(seat);
        int bestOther = Integer.MIN_VALUE;
        for (Map.Entry<Integer, Integer> e : scores.entrySet()) {
            if (e.getKey() != seat) {
                bestOther = Math.max(bestOther, e.getValue());
            }
        }
        return bestOther == Integer.MIN_VALUE || (long) own - bestOther <= margin(level);
    }
}
