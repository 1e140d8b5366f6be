package com.plyyard.client.render;

import com.plyyard.proto.v1.PiracyBoard;
import com.plyyard.proto.v1.PiracyShip;

/**
 * The Piracy sea, row N at the top: water dots, the island as # (█ in Unicode), ports in the corners as o
 * (⚓), each ship as its bow — an arrow in its heading (Unicode) or the ship's letter in upper case (ASCII) —
 * and its stern in lower case (c Cook, s Silver). Below: hits, turn run and what happens next.
 */
public final class PiracyRenderer {
    private static final String[] ARROWS = {"→", "↗", "↑", "↖", "←", "↙", "↓", "↘"};

    private PiracyRenderer() {
    }

    public static String render(PiracyBoard b, Style style) {
        int n = b.getSize();
        String[][] cells = new String[n][n];
        String water = ".";
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                cells[y][x] = water;
            }
        }
        String port = style.unicode() ? "⚓" : "o";
        cells[0][0] = cells[0][n - 1] = cells[n - 1][0] = cells[n - 1][n - 1] = port;
        String land = style.unicode() ? "█" : "#";
        for (int dy = 0; dy < 2; dy++) {
            for (int dx = 0; dx < 2; dx++) {
                cells[b.getIsland().getY() + dy][b.getIsland().getX() + dx] = style.paint(land, 33);
            }
        }
        ship(cells, b.getCook(), 'c', 37, style);
        ship(cells, b.getSilver(), 's', 31, style);
        StringBuilder sb = new StringBuilder();
        for (int y = n - 1; y >= 0; y--) {
            sb.append(String.format("%2d ", y + 1));
            for (int x = 0; x < n; x++) {
                sb.append(cells[y][x]).append(x < n - 1 ? " " : "");
            }
            sb.append(System.lineSeparator());
        }
        sb.append("   ");
        for (int x = 0; x < n; x++) {
            sb.append((char) ('a' + x)).append(x < n - 1 ? " " : "");
        }
        sb.append(System.lineSeparator());
        sb.append("   Cook:   ").append(status(b.getCook())).append(System.lineSeparator());
        sb.append("   Silver: ").append(status(b.getSilver())).append(System.lineSeparator());
        String mover = b.getCookToMove() ? "Cook" : "Silver";
        sb.append("   ply ").append(b.getPly()).append(", ").append(mover).append(" to move")
            .append(b.getSurvivalPhase() ? " alone, " + b.getSurvivalMovesLeft() + " survival moves left" : "")
            .append(System.lineSeparator());
        return sb.toString();
    }

    private static void ship(String[][] cells, PiracyShip s, char letter, int ansi, Style style) {
        if (s.getSunk()) {
            return;
        }
        String bow = style.unicode() ? ARROWS[s.getHeading() & 7] : String.valueOf(Character.toUpperCase(letter));
        cells[s.getBow().getY()][s.getBow().getX()] = style.paint(bow, ansi);
        cells[s.getStern().getY()][s.getStern().getX()] = style.paint(String.valueOf(letter), ansi);
    }

    private static String status(PiracyShip s) {
        if (s.getSunk()) {
            return "sunk";
        }
        return s.getHits() + " hits, run " + (s.getRun() >= 0 ? "+" : "") + s.getRun();
    }
}
