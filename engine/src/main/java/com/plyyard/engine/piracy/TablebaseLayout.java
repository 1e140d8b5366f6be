package com.plyyard.engine.piracy;

import com.plyyard.engine.InvalidInputException;

/**
 * How the tablebase numbers positions. A position is seen from the side to move, both ships afloat: the mover's
 * ship and the enemy's, each a placement, a turn run and hits. Hits only ever grow, so positions are grouped in
 * layers by the two ships' hits, {a, b} with a ≤ b: a move that deals or takes no hit stays in its layer (the
 * mover's and the enemy's hits swap places), every other move leads to a layer with more hits in all. Layers are
 * solved from the most hits down, each reading only the layers solved before it.
 *
 * <p>Inside layer {a, b}: index = order · S² + mover · S + enemy, where a ship is placement · R + run + 7 (R = 15
 * runs, or 1 without the circle rule, where the run stays 0), S = placements · R, and order is 0 when the mover has
 * a hits (1 when it has b; only 0 when a = b). Pairs of placements that share a square have an index but no
 * position; they read as draws and are never reached.
 */
final class TablebaseLayout {
    static final int HIT_LEVELS = PiracyMoveGenerator.SINKING_HITS; // 0..6 hits afloat
    static final int LAYERS = HIT_LEVELS * HIT_LEVELS;

    final ShipPlacements placements;
    final boolean circleRule;
    final int runs;
    final int ships;
    final long shipPairs;

    TablebaseLayout(ShipPlacements placements, boolean circleRule) {
        this.placements = placements;
        this.circleRule = circleRule;
        this.runs = circleRule ? 15 : 1;
        this.ships = placements.count * runs;
        this.shipPairs = (long) ships * ships;
        if (2 * shipPairs > Integer.MAX_VALUE) {
            throw new InvalidInputException("A " + placements.geometry.size() + "x" + placements.geometry.size()
                + " board has too many positions per layer for this tablebase (" + 2 * shipPairs + ").");
        }
    }

    /** The layer of a mover with {@code moverHits} against an enemy with {@code enemyHits}. */
    static int layer(int moverHits, int enemyHits) {
        return Math.min(moverHits, enemyHits) * HIT_LEVELS + Math.max(moverHits, enemyHits);
    }

    static int lowHits(int layer) {
        return layer / HIT_LEVELS;
    }

    static int highHits(int layer) {
        return layer % HIT_LEVELS;
    }

    /** Layers are {a, b} with a ≤ b; the other ids are unused. */
    static boolean isLayer(int layer) {
        return lowHits(layer) <= highHits(layer);
    }

    int layerSize(int layer) {
        return (int) (lowHits(layer) == highHits(layer) ? shipPairs : 2 * shipPairs);
    }

    long positions() {
        long total = 0;
        for (int layer = 0; layer < LAYERS; layer++) {
            if (isLayer(layer)) {
                total += layerSize(layer);
            }
        }
        return total;
    }

    int ship(int placement, int run) {
        return placement * runs + (circleRule ? run + 7 : 0);
    }

    int placement(int ship) {
        return ship / runs;
    }

    int run(int ship) {
        return circleRule ? ship % runs - 7 : 0;
    }

    /** The index inside its layer of a mover with {@code moverHits} against an enemy with {@code enemyHits}. */
    int index(int moverHits, int enemyHits, int mover, int enemy) {
        long order = moverHits > enemyHits ? 1 : 0;
        return (int) (order * shipPairs + (long) mover * ships + enemy);
    }

    int mover(int index) {
        return (int) ((index % shipPairs) / ships);
    }

    int enemy(int index) {
        return (int) (index % ships);
    }

    int moverHits(int layer, int index) {
        return index >= shipPairs ? highHits(layer) : lowHits(layer);
    }

    int enemyHits(int layer, int index) {
        return index >= shipPairs ? lowHits(layer) : highHits(layer);
    }
}
