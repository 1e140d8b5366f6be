package com.plyyard.client.render;

import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyPiece;
import java.util.List;

/**
 * The 9×9 Ploy board, rank 9 at the top, seen by Green. A piece is its controller's colour letter, its
 * kind (C Commander, L Lance, P Probe, S Shield) and its directions: arrows in Unicode (↑ ↗ → ↘ ↓ ↙ ← ↖ for
 * N … NW), the hex mask in ASCII. A taken-over piece shows its owner in lower case after a slash in the
 * legend below the board.
 */
public final class PloyRenderer {
    private static final String[] ARROWS = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
    private static final String LETTERS = "gryb";
    private static final int[] ANSI = {32, 31, 33, 34};

    private PloyRenderer() {
    }

    public static String render(PloyBoard board, List<String> colours, Style style) {
        String[][] cells = new String[9][9];
        String[][] texts = new String[9][9];
        int[] colour = new int[81];
        StringBuilder takeovers = new StringBuilder();
        for (PloyPiece p : board.getPiecesList()) {
            int file = p.getPoint().charAt(0) - 'a';
            int rank = p.getPoint().charAt(1) - '1';
            String dirs;
            if (style.unicode()) {
                StringBuilder d = new StringBuilder();
                for (int bit = 0; bit < 8; bit++) {
                    if ((p.getMask() & (1 << bit)) != 0) {
                        d.append(ARROWS[bit]);
                    }
                }
                dirs = d.toString();
            } else {
                dirs = String.format("%02X", p.getMask());
            }
            String kind = p.getKind().isEmpty() ? "?" : p.getKind().substring(0, 1).toUpperCase(java.util.Locale.ROOT);
            String text = LETTERS.charAt((int) p.getController()) + kind + dirs;
            texts[rank][file] = text;
            colour[rank * 9 + file] = (int) p.getController() & 3;
            if (p.getOwner() != p.getController()) {
                takeovers.append(takeovers.length() == 0 ? "" : ", ").append(p.getPoint()).append(" (")
                    .append(colours.get((int) p.getOwner())).append("'s)");
            }
        }
        // columns as wide as the widest piece plus a space (a Commander's four arrows take six characters)
        int width = 6;
        for (String[] row : texts) {
            for (String t : row) {
                if (t != null) {
                    width = Math.max(width, t.codePointCount(0, t.length()) + 1);
                }
            }
        }
        for (int rank = 0; rank < 9; rank++) {
            for (int file = 0; file < 9; file++) {
                if (texts[rank][file] != null) {
                    cells[rank][file] = style.paint(pad(texts[rank][file], width), ANSI[colour[rank * 9 + file]]);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int rank = 8; rank >= 0; rank--) {
            sb.append(rank + 1).append(' ');
            for (int file = 0; file < 9; file++) {
                sb.append(cells[rank][file] == null ? pad(".", width) : cells[rank][file]);
            }
            sb.setLength(sb.length() - trailing(sb));
            sb.append(System.lineSeparator());
        }
        sb.append("  ");
        for (int file = 0; file < 9; file++) {
            sb.append(pad(String.valueOf((char) ('a' + file)), width));
        }
        sb.setLength(sb.length() - trailing(sb));
        sb.append(System.lineSeparator());
        if (takeovers.length() > 0) {
            sb.append("  taken over: ").append(takeovers).append(System.lineSeparator());
        }
        sb.append("  ").append(capital(colours.get((int) board.getToMove()))).append(" to move")
            .append(System.lineSeparator());
        return sb.toString();
    }

    private static String pad(String s, int width) {
        StringBuilder b = new StringBuilder(s);
        while (b.codePointCount(0, b.length()) < width) {
            b.append(' ');
        }
        return b.toString();
    }

    private static int trailing(StringBuilder sb) {
        int n = 0;
        while (n < sb.length() && sb.charAt(sb.length() - 1 - n) == ' ') {
            n++;
        }
        return n;
    }

    static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
