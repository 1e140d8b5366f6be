package com.plyyard.engine.ploy;

/**
 * The 9×9 board as an 11×11 mailbox: point (file, rank), 0-based from a1, lives at cell
 * {@code (rank + 1) * 11 + file + 1}; the outer ring of cells is off the board, so a ray stops at the edge
 * without a bounds test. Directions are numbered as the mask bits of the spec: 0 = N, clockwise.
 */
public final class Points {
    public static final int CELLS = 121;
    /** Mailbox offset of each direction, indexed by mask bit: N, NE, E, SE, S, SW, W, NW. */
    static final int[] STEP = {11, 12, 1, -10, -11, -12, -1, 10};
    static final String[] DIRECTION_NAMES = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    /** The 81 playable cells, a1, b1, …, i1, a2, …, i9. */
    static final int[] ALL = new int[81];
    private static final boolean[] ON_BOARD = new boolean[CELLS];

    static {
        int i = 0;
        for (int rank = 0; rank < 9; rank++) {
            for (int file = 0; file < 9; file++) {
                int c = cell(file, rank);
                ALL[i++] = c;
                ON_BOARD[c] = true;
            }
        }
    }

    private Points() {
    }

    public static int cell(int file, int rank) {
        return (rank + 1) * 11 + file + 1;
    }

    public static int file(int cell) {
        return cell % 11 - 1;
    }

    public static int rank(int cell) {
        return cell / 11 - 1;
    }

    public static boolean onBoard(int cell) {
        return cell >= 0 && cell < CELLS && ON_BOARD[cell];
    }

    /** "a1".."i9". */
    public static String name(int cell) {
        return "" + (char) ('a' + file(cell)) + (char) ('1' + rank(cell));
    }

    /** The cell of a point name, or -1 if the text is not one. */
    public static int parse(String name) {
        if (name == null || name.length() != 2) {
            return -1;
        }
        int file = name.charAt(0) - 'a';
        int rank = name.charAt(1) - '1';
        if (file < 0 || file > 8 || rank < 0 || rank > 8) {
            return -1;
        }
        return cell(file, rank);
    }
}
