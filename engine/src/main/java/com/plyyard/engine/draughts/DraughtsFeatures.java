package com.plyyard.engine.draughts;

import java.util.ArrayList;
import java.util.List;

/**
 * The features of the pattern evaluation ({@link PatternEvaluation}) and of its training ({@code ./plyyard train
 * draughts}): one definition, so that what is fitted is exactly what is played.
 *
 * <p><b>Regions.</b> The board is covered by 16 overlapping windows of 4 × 4 squares, anchored on every second row
 * and column (rows 0, 2, 4, 6 × columns 0, 2, 4, 6 of the 10 × 10 board). A window holds 8 playable squares, two
 * in each of its rows, and with the bit layout of {@link Squares} those two are adjacent bits: the window's row
 * {@code r} at column anchor {@code 2k} holds the row's playable squares number {@code k} and {@code k + 1}. Two
 * larger sets can be fitted and played for experiments ({@code -Dplyyard.draughts.windows=25}: also the 9 windows
 * anchored on odd rows and columns; {@code 49}: a window at every anchor), measured in docs/draughts-evaluation.md;
 * a weights file fits one set only (its size tells). Each square is empty, a White man or a Black man (kings are
 * left to the scalar features), so a window has 3<sup>8</sup> = 6 561 configurations, each with a weight of its own.
 *
 * <p><b>Colour symmetry.</b> Turning the board half a turn and swapping the colours maps square s to 51 − s and
 * must negate the evaluation. The 8 windows of the upper half (anchor rows 0 and 2) own the weights; a lower window
 * is the turned image of an upper one (with the larger sets the window anchored on row 3, column 3 is its own image
 * and scores its board and its turned board itself), and is scored as minus the upper window's weight of the
 * turned, colour-swapped board. So every position yields, per upper window, one configuration counted +1 (the board as it is) and one
 * counted −1 (the board turned), and the fitted evaluation is antisymmetric by construction.
 *
 * <p><b>Phase.</b> Every feature has an opening and an endgame weight, mixed by the share of men still on the
 * board ({@link #phase}).
 */
public final class DraughtsFeatures {
    /** The anchors (top row, left column) of the windows that own weights, narrow ones first. */
    private static final int[][] OWNERS = owners(System.getProperty("plyyard.draughts.windows", "16"));
    /** The bits of a window, shifted to its lowest: narrow (rows at 0, 5, 11, 16) and wide (0, 6, 11, 17). */
    private static final long NARROW_SHAPE = 0b11_0001_1000_0110_0011L;
    private static final long WIDE_SHAPE = 0b110_0001_1000_1100_0011L;
    /** Windows that own weights (the upper half). */
    public static final int WINDOWS = OWNERS.length;
    /** The first windows are "narrow" (row offsets 0, 5, 11, 16 bits), the rest "wide" (0, 6, 11, 17). */
    public static final int NARROW_WINDOWS;
    public static final int CONFIGURATIONS = 6561;
    /** Scalar features after the windows' weights, each from White's view. */
    public static final int MEN = 0;
    public static final int KINGS = 1;
    /** Rows advanced, summed over the men. */
    public static final int TEMPO = 2;
    /** +1 with White to move, −1 with Black. */
    public static final int TO_MOVE = 3;
    /** Men no enemy piece can stop any more (see {@link #runaways}). */
    public static final int RUNAWAYS = 4;
    /** Has kings while the other side has none. */
    public static final int SOLE_KINGS = 5;
    public static final int SCALARS = 6;
    /** Weights per phase: the windows' tables, then the scalars. */
    public static final int WEIGHTS = WINDOWS * CONFIGURATIONS + SCALARS;
    public static final int FIRST_SCALAR = WINDOWS * CONFIGURATIONS;

    /**
     * Bit of each window's first square (its top row's left one). A window's rows start 0, 5, 11 and 16 bits
     * further on (two rows share a block of 10 bits, then comes a ghost bit), two adjacent bits per row.
     */
    private static final int[] WINDOW_BIT = new int[WINDOWS];
    /** The base-3 number whose digit j is 1 where bit j of the index is set: square j of a window counts 3^j. */
    private static final int[] TERNARY = new int[256];
    /** Rows advanced by a White man on each bit (0 on its home row). */
    static final int[] TEMPO_OF_BIT = new int[64];
    /** For each bit, the squares in front of a White man (Black: behind) from which an enemy could stop it. */
    static final long[] WHITE_CONE = new long[64];
    static final long[] BLACK_CONE = new long[64];
    /** The squares of each row, 0 (squares 1-5) to 9. */
    private static final long[] ROWS = new long[10];
    /** Where a man has at most four rows to go: rows 0-4 for White, 5-9 for Black. */
    private static final long WHITE_NEAR_CROWN;
    private static final long BLACK_NEAR_CROWN;

    static {
        int narrow = 0;
        for (int w = 0; w < WINDOWS; w++) {
            int lowest = 64;
            long bits = 0;
            for (int s = 1; s <= 50; s++) {
                int r = Squares.row(s) - OWNERS[w][0];
                int c = Squares.column(s) - OWNERS[w][1];
                if (r >= 0 && r < 4 && c >= 0 && c < 4) {
                    bits |= Squares.mask(s);
                    lowest = Math.min(lowest, Squares.bit(s));
                }
            }
            WINDOW_BIT[w] = lowest;
            long shape = bits >>> lowest;
            if (shape == NARROW_SHAPE) {
                if (narrow != w) {
                    throw new IllegalStateException("narrow windows come first");
                }
                narrow++;
            } else if (shape != WIDE_SHAPE) {
                throw new IllegalStateException("window " + w + " has an unexpected shape " + Long.toBinaryString(shape));
            }
        }
        NARROW_WINDOWS = narrow;
        for (int x = 0; x < 256; x++) {
            int t = 0;
            for (int j = 7; j >= 0; j--) {
                t = 3 * t + ((x >>> j) & 1);
            }
            TERNARY[x] = t;
        }
        for (int s = 1; s <= 50; s++) {
            int bit = Squares.bit(s);
            int row = Squares.row(s);
            int col = Squares.column(s);
            TEMPO_OF_BIT[bit] = 9 - row;
            long wc = 0;
            long bc = 0;
            for (int t = 1; t <= 50; t++) {
                int dr = Squares.row(t) - row;
                int dc = Math.abs(Squares.column(t) - col);
                if (dr < 0 && dc <= -dr + 1) {
                    wc |= Squares.mask(t);
                }
                if (dr > 0 && dc <= dr + 1) {
                    bc |= Squares.mask(t);
                }
            }
            WHITE_CONE[bit] = wc;
            BLACK_CONE[bit] = bc;
            ROWS[row] |= 1L << bit;
        }
        WHITE_NEAR_CROWN = ROWS[0] | ROWS[1] | ROWS[2] | ROWS[3] | ROWS[4];
        BLACK_NEAR_CROWN = ROWS[5] | ROWS[6] | ROWS[7] | ROWS[8] | ROWS[9];
    }

    private DraughtsFeatures() {
    }

    static int[][] owners(String set) {
        List<int[]> list = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) { // narrow (same-parity anchors) first
            for (int r = 0; r <= 3; r++) {
                for (int c = 0; c <= 6; c++) {
                    boolean upper = r < 3 || c <= 3; // (3, c) and (3, 6 - c) are each other's turned images
                    boolean narrow = (r + c) % 2 == 0;
                    boolean even = r % 2 == 0 && c % 2 == 0;
                    boolean wanted = switch (set) {
                        case "16" -> even && r < 3;
                        case "25" -> narrow;
                        case "49" -> true;
                        default -> throw new IllegalArgumentException("plyyard.draughts.windows: 16, 25 or 49");
                    };
                    if (upper && wanted && narrow == (pass == 0)) {
                        list.add(new int[] {r, c});
                    }
                }
            }
        }
        return list.toArray(new int[0][]);
    }

    /**
     * A lone king against at most three pieces: a draw in practice under both rule sets (FMJD's 16- and 5-move rules
     * make it one), which the evaluation scores by rule rather than by its weights — so the fit leaves such
     * positions out.
     */
    public static boolean loneKingHolds(long white, long black, long kings) {
        int w = Long.bitCount(white);
        int b = Long.bitCount(black);
        return (w == 1 && (white & kings) != 0 && b <= 3) || (b == 1 && (black & kings) != 0 && w <= 3);
    }

    /** The board turned half a turn: square s goes to 51 − s (ghost bits to ghost bits). */
    public static long turned(long mask) {
        return Long.reverse(mask) >>> 10;
    }

    /**
     * The configuration (0..6560) of window {@code w} with these men: the base-3 number whose digit j is 0, 1 or 2
     * for square j of the window (row by row, left square first) empty, a White man or a Black man.
     */
    public static int configuration(int w, long whiteMen, long blackMen) {
        int bit = WINDOW_BIT[w];
        if (w < NARROW_WINDOWS) {
            return TERNARY[gather(whiteMen >>> bit)] + 2 * TERNARY[gather(blackMen >>> bit)];
        }
        return TERNARY[gatherWide(whiteMen >>> bit)] + 2 * TERNARY[gatherWide(blackMen >>> bit)];
    }

    /** As {@link #gather} for a wide window (rows at bits 0, 6, 11 and 17). */
    private static int gatherWide(long x) {
        return (int) ((x & 3) | ((x >>> 4) & 0xC) | ((x >>> 7) & 0x30) | ((x >>> 11) & 0xC0));
    }

    /** The 8 squares of a window starting at bit 0 of {@code x}, packed two bits a row into one byte. */
    private static int gather(long x) {
        return (int) ((x & 3) | ((x >>> 3) & 0xC) | ((x >>> 7) & 0x30) | ((x >>> 10) & 0xC0));
    }

    /** The share of the 40 men still on the board, 0..1: 1 weighs the opening weights, 0 the endgame's. */
    public static double phase(long white, long black, long kings) {
        return Math.min(40, Long.bitCount((white | black) & ~kings)) / 40.0;
    }

    /** Men that crown unstoppably: no enemy in the cone before them and at most four rows to go (tempo ignored). */
    public static int runaways(long men, long enemies, boolean whiteMen) {
        int n = 0;
        // only men with at most four rows to go can qualify
        for (long m = men & (whiteMen ? WHITE_NEAR_CROWN : BLACK_NEAR_CROWN); m != 0; m &= m - 1) {
            int bit = Long.numberOfTrailingZeros(m);
            long cone = whiteMen ? WHITE_CONE[bit] : BLACK_CONE[bit];
            if ((cone & enemies) == 0) {
                n++;
            }
        }
        return n;
    }

    /** Rows advanced by White's men minus rows advanced by Black's (a count per row, not per man). */
    public static int tempo(long whiteMen, long blackMen) {
        int t = 0;
        for (int row = 0; row < 10; row++) {
            t += (9 - row) * Long.bitCount(whiteMen & ROWS[row]) - row * Long.bitCount(blackMen & ROWS[row]);
        }
        return t;
    }

    /** The scalar features' values, from White's view, into {@code out} (length {@link #SCALARS}). */
    public static void scalars(long white, long black, long kings, boolean whiteToMove, int[] out) {
        long wm = white & ~kings;
        long bm = black & ~kings;
        int wk = Long.bitCount(white & kings);
        int bk = Long.bitCount(black & kings);
        out[MEN] = Long.bitCount(wm) - Long.bitCount(bm);
        out[KINGS] = wk - bk;
        out[TEMPO] = tempo(wm, bm);
        out[TO_MOVE] = whiteToMove ? 1 : -1;
        out[RUNAWAYS] = runaways(wm, black, true) - runaways(bm, white, false);
        out[SOLE_KINGS] = (wk > 0 && bk == 0 ? 1 : 0) - (bk > 0 && wk == 0 ? 1 : 0);
    }

    /**
     * The windows' active configurations: {@code plus[w]} counted +1 (the board as it is), {@code minus[w]} counted
     * −1 (the board turned, colours swapped), as indices into a phase's weights.
     */
    public static void windows(long white, long black, long kings, int[] plus, int[] minus) {
        long wm = white & ~kings;
        long bm = black & ~kings;
        long turnedWhite = turned(bm); // Black's men, turned, play White's part
        long turnedBlack = turned(wm);
        for (int w = 0; w < WINDOWS; w++) {
            int base = w * CONFIGURATIONS;
            plus[w] = base + configuration(w, wm, bm);
            minus[w] = base + configuration(w, turnedWhite, turnedBlack);
        }
    }
}
