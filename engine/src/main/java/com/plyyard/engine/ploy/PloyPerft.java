package com.plyyard.engine.ploy;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Leaf counts of the Ploy move tree with make/unmake on one {@link PloyState}; every leaf move is played
 * (no bulk counting). A finished game (a player or team out) is a dead end; draw rules do not apply.
 */
public final class PloyPerft {
    private static final int MAX_DEPTH = 64;
    private final int[][] buffers = new int[MAX_DEPTH][1024];
    private BooleanSupplier stop = () -> false;

    public long count(PloyPosition position, int depth, BooleanSupplier stop) {
        if (depth < 0 || depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("perft depth must be between 0 and " + (MAX_DEPTH - 1));
        }
        this.stop = stop;
        return depth == 0 ? 1 : count(position.state().copy(), depth, 0);
    }

    /** Counts below a state the caller owns (it is changed and restored). */
    long countFrom(PloyState s, int depth, BooleanSupplier stop) {
        this.stop = stop;
        return depth == 0 ? 1 : count(s, depth, 0);
    }

    private long count(PloyState s, int depth, int ply) {
        if (depth >= 3 && stop.getAsBoolean()) {
            throw new CancellationException("perft stopped");
        }
        int[] moves = buffers[ply];
        int n = PloyMoveGenerator.generate(s, moves);
        if (depth == 1) {
            for (int i = 0; i < n; i++) {
                s.make(moves[i]);
                s.unmake();
            }
            return n;
        }
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            s.make(moves[i]);
            nodes += count(s, depth - 1, ply + 1);
            s.unmake();
        }
        return nodes;
    }
}
