package com.plyyard.engine.piracy;

import com.plyyard.engine.InvalidInputException;

/**
 * One Piracy sea: an N×N board, a 2×2 island, the four corner ports, and the tables the move generator
 * reads instead of computing: where a bow lands for each square and heading ({@link #LAND} when that is
 * off the board or on the island) and which squares touch (king distance 1).
 *
 * <p>Squares are numbered {@code y * N + x}, a1 = (0, 0) bottom-left; headings 0..7 = E, NE, N, NW, W, SW,
 * S, SE (counter-clockwise).
 */
public final class Geometry {
    public static final int LAND = -1;
    public static final int MIN_SIZE = 6;
    public static final int MAX_SIZE = 26;
    static final int[] DX = {1, 1, 0, -1, -1, -1, 0, 1};
    static final int[] DY = {0, 1, 1, 1, 0, -1, -1, -1};
    static final String[] HEADINGS = {"E", "NE", "N", "NW", "W", "SW", "S", "SE"};

    private final int size;
    private final int islandX;
    private final int islandY;
    private final int[] step;
    private final boolean[] port;
    private final boolean[] land;
    private final boolean[] touching;

    public Geometry(int size, int islandX, int islandY) {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new InvalidInputException("The board size must be between " + MIN_SIZE + " and " + MAX_SIZE + ", not " + size + ".");
        }
        int max = size - 4;
        if (islandX < 2 || islandX > max || islandY < 2 || islandY > max) {
            throw new InvalidInputException("The island's lower-left corner must lie within " + name(2, 2, size) + " to "
                + name(max, max, size) + " on a " + size + "x" + size + " board (two free squares on every side), not "
                + name(islandX, islandY, size) + ".");
        }
        this.size = size;
        this.islandX = islandX;
        this.islandY = islandY;
        int squares = size * size;
        land = new boolean[squares];
        port = new boolean[squares];
        for (int dy = 0; dy < 2; dy++) {
            for (int dx = 0; dx < 2; dx++) {
                land[(islandY + dy) * size + islandX + dx] = true;
            }
        }
        port[0] = port[size - 1] = port[(size - 1) * size] = port[squares - 1] = true;
        step = new int[squares * 8];
        touching = new boolean[squares * squares];
        for (int s = 0; s < squares; s++) {
            int x = s % size;
            int y = s / size;
            for (int h = 0; h < 8; h++) {
                int nx = x + DX[h];
                int ny = y + DY[h];
                boolean onBoard = nx >= 0 && ny >= 0 && nx < size && ny < size;
                step[s * 8 + h] = onBoard && !land[ny * size + nx] ? ny * size + nx : LAND;
            }
            for (int t = 0; t < squares; t++) {
                int ddx = Math.abs(t % size - x);
                int ddy = Math.abs(t / size - y);
                touching[s * squares + t] = Math.max(ddx, ddy) == 1;
            }
        }
    }

    public int size() {
        return size;
    }

    public int islandX() {
        return islandX;
    }

    public int islandY() {
        return islandY;
    }

    public int squares() {
        return size * size;
    }

    /** The square a bow on {@code square} reaches heading {@code h}, or {@link #LAND}. */
    int step(int square, int h) {
        return step[square * 8 + h];
    }

    /** The square behind a bow, i.e. where a ship's stern is (may be off the board: -1). */
    int behind(int bow, int h) {
        int x = bow % size - DX[h];
        int y = bow / size - DY[h];
        return x < 0 || y < 0 || x >= size || y >= size ? -1 : y * size + x;
    }

    boolean isPort(int square) {
        return port[square];
    }

    boolean isLand(int square) {
        return land[square];
    }

    /** King distance exactly 1. */
    boolean touching(int a, int b) {
        return touching[a * size * size + b];
    }

    public String name(int square) {
        return name(square % size, square / size, size);
    }

    static String name(int x, int y, int size) {
        return "" + (char) ('a' + x) + (y + 1);
    }

    /** The square of a name such as "b2" or "c12", or -1. */
    public int square(String name) {
        if (name == null || name.length() < 2 || name.length() > 3) {
            return -1;
        }
        int x = name.charAt(0) - 'a';
        int y;
        try {
            y = Integer.parseInt(name.substring(1)) - 1;
        } catch (NumberFormatException e) {
            return -1;
        }
        if (x < 0 || x >= size || y < 0 || y >= size || !Character.isDigit(name.charAt(1))) {
            return -1;
        }
        return y * size + x;
    }

    /** The island as its lower-left square's name, e.g. "d4". */
    public String islandName() {
        return name(islandX, islandY, size);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Geometry g && g.size == size && g.islandX == islandX && g.islandY == islandY;
    }

    @Override
    public int hashCode() {
        return (size * 31 + islandX) * 31 + islandY;
    }
}
