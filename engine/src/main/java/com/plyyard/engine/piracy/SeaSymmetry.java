package com.plyyard.engine.piracy;

/**
 * The eight symmetries of the square board (four turns, each with or without a mirror), acting on squares,
 * headings and turn runs: a mirror swaps left and right, so it negates a run. The rules look the same from every
 * one of them (ports stay corners), so a table solved for one island serves every island it maps to: on 8×8 the
 * nine islands fall into three classes — the centre d4, the four edge islands (canonical d3) and the four corner
 * ones (canonical c3).
 */
final class SeaSymmetry {
    private final int size;
    private final int turns;
    private final boolean mirror;

    private SeaSymmetry(int size, int turns, boolean mirror) {
        this.size = size;
        this.turns = turns;
        this.mirror = mirror;
    }

    static SeaSymmetry identity(int size) {
        return new SeaSymmetry(size, 0, false);
    }

    /** The symmetry taking the island with lower-left (x0, y0) to its class's canonical island. */
    static SeaSymmetry toCanonical(int size, int x0, int y0) {
        SeaSymmetry best = null;
        int bestKey = Integer.MAX_VALUE;
        for (int t = 0; t < 8; t++) {
            SeaSymmetry s = new SeaSymmetry(size, t % 4, t >= 4);
            int[] island = s.island(x0, y0);
            int key = island[1] * size + island[0]; // lowest row first, then lowest column
            if (key < bestKey) {
                bestKey = key;
                best = s;
            }
        }
        return best;
    }

    /** The lower-left corner of the image of the 2×2 island whose lower-left is (x0, y0). */
    int[] island(int x0, int y0) {
        int minX = Integer.MAX_VALUE;
        int minY = Integer.MAX_VALUE;
        for (int dy = 0; dy < 2; dy++) {
            for (int dx = 0; dx < 2; dx++) {
                int[] p = point(x0 + dx, y0 + dy);
                minX = Math.min(minX, p[0]);
                minY = Math.min(minY, p[1]);
            }
        }
        return new int[] {minX, minY};
    }

    private int[] point(int x, int y) {
        if (mirror) {
            x = size - 1 - x;
        }
        for (int i = 0; i < turns; i++) { // a quarter turn counter-clockwise about the centre
            int nx = size - 1 - y;
            y = x;
            x = nx;
        }
        return new int[] {x, y};
    }

    int square(int square) {
        int[] p = point(square % size, square / size);
        return p[1] * size + p[0];
    }

    int heading(int h) {
        if (mirror) {
            h = (4 - h) & 7; // E ↔ W, NE ↔ NW, SE ↔ SW
        }
        return (h + 2 * turns) & 7;
    }

    int run(int run) {
        return mirror ? -run : run;
    }

    /** The image of a packed ship (a sunk one stays as it is). */
    int ship(int ship) {
        if (PiracyState.sunk(ship)) {
            return ship;
        }
        return PiracyState.ship(square(PiracyState.bow(ship)), heading(PiracyState.heading(ship)),
            PiracyState.hits(ship), run(PiracyState.run(ship)), false);
    }
}
