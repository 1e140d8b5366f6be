package com.plyyard.engine.search;

/**
 * When a search stops: at a depth, after a number of nodes, or after a time (the best move found so far is
 * returned). Zero means "no limit" for each; at least one should be set.
 *
 * @param depth      deepest iteration (plies)
 * @param nodes      node budget
 * @param moveMillis time budget
 */
public record Limits(int depth, long nodes, long moveMillis) {
    public static final int MAX_DEPTH = 100;

    public static Limits depth(int depth) {
        return new Limits(depth, 0, 0);
    }

    public static Limits millis(long millis) {
        return new Limits(0, 0, millis);
    }

    public static Limits nodes(long nodes) {
        return new Limits(0, nodes, 0);
    }

    int maxDepth() {
        return depth > 0 ? Math.min(depth, MAX_DEPTH) : MAX_DEPTH;
    }
}
