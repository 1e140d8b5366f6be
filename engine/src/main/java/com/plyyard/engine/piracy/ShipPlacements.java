package com.plyyard.engine.piracy;

import java.util.Arrays;

/**
 * Every place a ship afloat can take on one sea — a bow square and a heading whose stern (the square behind the
 * bow) is sea too — numbered 0..{@link #count}−1, with the tables the tablebase reads instead of computing: where
 * a move takes a placement, where it came from, which placements share a square and how many hits a ship that
 * has just arrived deals to another. 368 placements on 8×8.
 */
final class ShipPlacements {
    /** Move codes as in {@link PiracyMoveGenerator}: units + 2, so 0 and 4 are the port turns, 1..3 are R, F, L. */
    static final int CODES = 5;
    static final int NONE = -1;

    final Geometry geometry;
    final int count;
    private final int[] bow;
    private final int[] heading;
    private final int[] stern;
    private final int[] bySquareAndHeading;
    /** {@code next[p * CODES + code]}: the placement after the move, {@link #NONE} when it runs aground or is not a move there. */
    private final int[] next;
    private final boolean[] atPort;
    /** {@code overlap[p * count + q]}: the two placements share a square. */
    private final boolean[] overlap;
    /** {@code dealt[p * count + q]}: hits a ship that has just arrived on p deals to a ship on q (0..2). */
    private final byte[] dealt;
    /** {@code previous[p]}: pairs (placement, units) of the moves that arrive on p, flattened. */
    private final int[][] previous;

    ShipPlacements(Geometry geometry) {
        this.geometry = geometry;
        int squares = geometry.squares();
        bySquareAndHeading = new int[squares * 8];
        Arrays.fill(bySquareAndHeading, NONE);
        int[] bows = new int[squares * 8];
        int[] headings = new int[squares * 8];
        int n = 0;
        for (int square = 0; square < squares; square++) {
            for (int h = 0; h < 8; h++) {
                int behind = geometry.behind(square, h);
                if (!geometry.isLand(square) && behind >= 0 && !geometry.isLand(behind)) {
                    bySquareAndHeading[square * 8 + h] = n;
                    bows[n] = square;
                    headings[n] = h;
                    n++;
                }
            }
        }
        count = n;
        bow = Arrays.copyOf(bows, n);
        heading = Arrays.copyOf(headings, n);
        stern = new int[n];
        atPort = new boolean[n];
        for (int p = 0; p < n; p++) {
            stern[p] = geometry.behind(bow[p], heading[p]);
            atPort[p] = geometry.isPort(bow[p]);
        }
        next = new int[n * CODES];
        Arrays.fill(next, NONE);
        int[][] arrivals = new int[n][];
        int[] arrivalCount = new int[n];
        for (int p = 0; p < n; p++) {
            for (int code : codes(p)) {
                int h = PiracyMoveGenerator.headingAfter(heading[p], code);
                int target = geometry.step(bow[p], h);
                if (target != Geometry.LAND) {
                    int q = bySquareAndHeading[target * 8 + h]; // its stern is our bow: sea
                    next[p * CODES + code] = q;
                    arrivalCount[q]++;
                }
            }
        }
        for (int q = 0; q < n; q++) {
            arrivals[q] = new int[2 * arrivalCount[q]];
            arrivalCount[q] = 0;
        }
        for (int p = 0; p < n; p++) {
            for (int code : codes(p)) {
                int q = next[p * CODES + code];
                if (q != NONE) {
                    arrivals[q][arrivalCount[q]++] = p;
                    arrivals[q][arrivalCount[q]++] = PiracyMoveGenerator.units(code);
                }
            }
        }
        previous = arrivals;
        overlap = new boolean[n * n];
        dealt = new byte[n * n];
        for (int p = 0; p < n; p++) {
            for (int q = 0; q < n; q++) {
                overlap[p * n + q] = bow[p] == bow[q] || bow[p] == stern[q] || stern[p] == bow[q] || stern[p] == stern[q];
                // the arrived ship's bow and stern (its old bow) against each square of the other ship
                int toBow = geometry.touching(bow[q], bow[p]) || geometry.touching(bow[q], stern[p]) ? 1 : 0;
                int toStern = geometry.touching(stern[q], bow[p]) || geometry.touching(stern[q], stern[p]) ? 1 : 0;
                dealt[p * n + q] = (byte) (toBow + toStern);
            }
        }
    }

    /** The move codes a ship on placement p has: the two port turns at a corner, else R, F and L. */
    int[] codes(int p) {
        return atPort[p] ? PORT_CODES : SEA_CODES;
    }

    private static final int[] PORT_CODES = {PiracyMoveGenerator.code(-2), PiracyMoveGenerator.code(2)};
    private static final int[] SEA_CODES = {PiracyMoveGenerator.code(-1), PiracyMoveGenerator.code(0),
        PiracyMoveGenerator.code(1)};

    int bow(int p) {
        return bow[p];
    }

    int heading(int p) {
        return heading[p];
    }

    int stern(int p) {
        return stern[p];
    }

    /** The placement of a bow and heading, or {@link #NONE} when the stern would not be on the sea. */
    int of(int bowSquare, int h) {
        return bySquareAndHeading[bowSquare * 8 + h];
    }

    int next(int p, int code) {
        return next[p * CODES + code];
    }

    boolean overlap(int p, int q) {
        return overlap[p * count + q];
    }

    /** A move onto a square of the other ship's placement q (illegal). */
    boolean rams(int arrived, int q) {
        return bow[arrived] == bow[q] || bow[arrived] == stern[q];
    }

    int dealt(int arrived, int q) {
        return dealt[arrived * count + q];
    }

    /** The moves arriving on p as (placement, units) pairs. */
    int[] previous(int p) {
        return previous[p];
    }
}
