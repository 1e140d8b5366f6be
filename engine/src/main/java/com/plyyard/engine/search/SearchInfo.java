package com.plyyard.engine.search;

import java.util.List;

/**
 * One finished iteration (or the final answer) of a search.
 *
 * @param depth  nominal depth of the iteration
 * @param score  from the root mover's view (see {@link Score})
 * @param pv     principal variation, canonical notation, the best move first
 * @param moves  the same as move codes
 * @param nodes  nodes visited so far
 * @param millis time used so far
 */
public record SearchInfo(int depth, int score, List<String> pv, int[] moves, long nodes, long millis) {
    public int bestMove() {
        return moves.length > 0 ? moves[0] : -1;
    }
}
