package com.plyyard.client.render;

import com.plyyard.proto.v1.PloyBoard;
import com.plyyard.proto.v1.PloyPiece;
import java.util.List;

/**
 * The 9×9 Ploy board, rank 9 at the top, seen by Green. A piece is its controller's colour letter, its
 * kind (C Commander, L Lance, P Probe, S Shield) and its directions: arrows in Unicode (↑ ↗ → ↘ ↓ ↙ ← ↖ for
 * N … NW), in ASCII the digits of those directions on a numeric keypad (8 9 6 3 2 1 4 7: 8 is up, 6 right).
 * Taken-over pieces are listed below the board with their owners. {@link #legend} explains it all.
 */
public final class PloyRenderer {
    private static final String[] ARROWS = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
    /** N, NE, E, SE, S, SW, W, NW where they are on a numeric keypad (5 is the piece). */
    private static final String[] KEYPAD = {"8", "9", "6", "3", "2", "1", "4", "7"};
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
            StringBuilder d = new StringBuilder();
            for (int bit = 0; bit < 8; bit++) {
                if ((p.getMask() & (1 << bit)) != 0) {
                    d.append(style.unicode() ? ARROWS[bit] : KEYPAD[bit]);
                }
            }
            String dirs = d.toString();
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

    /**
     * What the letters, the directions and the moves mean, and whose turn comes when: printed when a Ploy game starts in
     * the terminal and on request. Turn order and partners come from the state's seats.
     */
    public static String legend(com.plyyard.proto.v1.GameState state, Style style) {
        String nl = System.lineSeparator();
        List<com.plyyard.proto.v1.Seat> seats = state.getSeatsList();
        StringBuilder sb = new StringBuilder("legend:");
        StringBuilder colours = new StringBuilder();
        for (com.plyyard.proto.v1.Seat seat : seats) {
            colours.append(colours.length() == 0 ? "" : ", ").append(seat.getColour().isEmpty() ? "?"
                : seat.getColour().substring(0, 1)).append(' ').append(capital(seat.getColour()));
        }
        sb.append(' ').append(colours).append(": a piece is its player's letter, its kind and the directions it moves in")
            .append(nl);
        sb.append("  kinds: C Commander 1 step, L Lance 1 to 3, P Probe 1 or 2, S Shield 1 (and may turn after moving)").append(nl);
        sb.append(style.unicode()
            ? "  directions: ↑ up, ↗ up-right, → right, ↘ down-right, ↓ down, ↙ down-left, ← left, ↖ up-left"
            : "  directions as on a numeric keypad: 8 up, 9 up-right, 6 right, 3 down-right, 2 down, 1 down-left, 4 left,"
                + " 7 up-left").append(nl);
        sb.append("  moves: c2-c4 along a direction (never over a piece), c2xc4 takes;").append(nl);
        sb.append("         b1r2 turns in place by 2 x 45 degrees clockwise, e3-e4r1 moves a Shield, then turns it").append(nl);
        String order = seats.stream().map(x -> capital(x.getColour())).collect(java.util.stream.Collectors.joining(", "));
        String mode = state.getVariant().getMode();
        sb.append("  turns: ").append(order).append(seats.size() > 2 ? ", round and round; an out player is skipped"
            : ", in turn").append(nl);
        if (mode.equals("team")) {
            java.util.Map<Integer, List<String>> teams = new java.util.TreeMap<>();
            for (com.plyyard.proto.v1.Seat seat : seats) {
                teams.computeIfAbsent(seat.getTeam(), t -> new java.util.ArrayList<>()).add(capital(seat.getColour()));
            }
            sb.append("  partners: ").append(teams.values().stream().map(t -> String.join("+", t))
                .collect(java.util.stream.Collectors.joining(" against "))).append("; partners never take each other,"
                + " and when one is out the other plays its pieces and turns");
        } else if (seats.size() > 2) {
            sb.append("  win: be the last player left; taking a Commander takes over all its player's pieces");
        } else {
            sb.append("  win: take the Commander, or every piece but it");
        }
        sb.append(nl);
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
