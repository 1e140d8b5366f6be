package com.plyyard.engine.draughts;

/**
 * The bit layout of the 50 playable squares in a {@code long}.
 *
 * <p>Square s (1..50, row by row from Black's side) lives at bit {@code (s-1) + (s-1)/10}: every
 * pair of rows takes 10 bits followed by one unused "ghost" bit (10, 21, 32, 43). With the ghosts,
 * each diagonal step is a constant shift on the whole board: −6 up-left, −5 up-right, +5 down-left,
 * +6 down-right ("up" is towards squares 1–5, White's promotion row). A step off the left or right
 * edge lands on a ghost bit, a step off the top or bottom leaves bits 0–53, so masking with
 * {@link #BOARD} is the only border test the generator needs.
 */
public final class Squares {
    public static final int UP_LEFT = -6;
    public static final int UP_RIGHT = -5;
    public static final int DOWN_LEFT = 5;
    public static final int DOWN_RIGHT = 6;
    /** The four directions in a fixed order; move generation and path search use it. */
    static final int[] DIRECTIONS = {UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT};

    /** All 50 playable bits. */
    public static final long BOARD;
    /** Squares 1–5: where White's men promote. */
    public static final long WHITE_PROMOTION;
    /** Squares 46–50: where Black's men promote. */
    public static final long BLACK_PROMOTION;

    private static final int[] SQUARE_OF_BIT = new int[64];
    /**
     * RAYS[i][b]: the squares a king on bit b sees in direction {@code DIRECTIONS[i]} on an empty board, up to the
     * edge. In the two down directions the nearest square is the ray's lowest bit, in the two up directions its
     * highest, so the first piece on a ray is one bit scan away.
     */
    static final long[][] RAYS = new long[4][64];

    static {
        long board = 0;
        for (int s = 1; s <= 50; s++) {
            board |= 1L << bit(s);
            SQUARE_OF_BIT[bit(s)] = s;
        }
        BOARD = board;
        long wp = 0;
        long bp = 0;
        for (int s = 1; s <= 5; s++) {
            wp |= 1L << bit(s);
            bp |= 1L << bit(s + 45);
        }
        WHITE_PROMOTION = wp;
        BLACK_PROMOTION = bp;
        for (int i = 0; i < 4; i++) {
            for (int s = 1; s <= 50; s++) {
                long ray = 0;
                long t = shift(1L << bit(s), DIRECTIONS[i]) & board;
                while (t != 0) {
                    ray |= t;
                    t = shift(t, DIRECTIONS[i]) & board;
                }
                RAYS[i][bit(s)] = ray;
            }
        }
    }

    private Squares() {
    }

    /** Bit index of square 1..50. */
    public static int bit(int square) {
        return (square - 1) + (square - 1) / 10;
    }

    public static long mask(int square) {
        return 1L << bit(square);
    }

    /** Square 1..50 of a bit index, 0 for a ghost or unused bit. */
    public static int square(int bit) {
        return SQUARE_OF_BIT[bit];
    }

    /** Square of the lowest set bit of a non-empty mask. */
    public static int lowestSquare(long mask) {
        return SQUARE_OF_BIT[Long.numberOfTrailingZeros(mask)];
    }

    /** Shifts a mask one step in a direction (bits leaving 0..63 are dropped; callers mask with BOARD). */
    static long shift(long mask, int direction) {
        return direction > 0 ? mask << direction : mask >>> -direction;
    }

    /** Squares of a mask, ascending. */
    public static int[] squares(long mask) {
        int[] out = new int[Long.bitCount(mask)];
        int i = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            out[i++] = SQUARE_OF_BIT[Long.numberOfTrailingZeros(m)];
        }
        return out;
    }

    /** Row 0..9 from Black's side. */
    public static int row(int square) {
        return (square - 1) / 5;
    }

    /** Column 0..9 from White's left. */
    public static int column(int square) {
        int row = row(square);
        int index = (square - 1) % 5;
        return row % 2 == 0 ? 2 * index + 1 : 2 * index;
    }
}
