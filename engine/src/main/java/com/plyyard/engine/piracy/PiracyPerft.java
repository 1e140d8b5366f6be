package com.plyyard.engine.piracy;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Leaf counts of the Piracy move tree on packed states; every leaf move is played. The 490-ply draw does
 * not stop the count (like every draw rule in perft); sinking and the end of the survival moves do.
 */
final class PiracyPerft {
    private final PiracyMoveGenerator generator;
    private final BooleanSupplier stop;
    private final int[][] buffers;
    /** Folded from every leaf and published, so the JIT cannot drop the work of playing leaf moves. */
    private long sink;
    private static volatile long published;

    private PiracyPerft(PiracyMoveGenerator generator, int depth, BooleanSupplier stop) {
        this.generator = generator;
        this.stop = stop;
        this.buffers = new int[Math.max(depth, 1)][3];
    }

    static long count(PiracyMoveGenerator generator, long state, int depth, BooleanSupplier stop) {
        if (depth == 0) {
            return 1;
        }
        PiracyPerft perft = new PiracyPerft(generator, depth, stop);
        long n = perft.count(state, depth);
        published = perft.sink;
        return n;
    }

    private long count(long state, int depth) {
        if (depth >= 8 && stop.getAsBoolean()) {
            throw new CancellationException("perft stopped");
        }
        int[] moves = buffers[depth - 1];
        int n = generator.generateIgnoringPlyLimit(state, moves);
        if (depth == 1) {
            for (int i = 0; i < n; i++) {
                sink ^= generator.play(state, moves[i]);
            }
            return n;
        }
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            nodes += count(generator.play(state, moves[i]), depth - 1);
        }
        return nodes;
    }
}
