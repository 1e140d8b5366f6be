package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;

/**
 * PDN 3.0 FEN for international draughts: {@code W:W31-50:B1-20}. The side to move, then a white and a
 * black piece list in either order; {@code K} marks a king; ranges {@code a-b} are read (also after
 * {@code K}: every square of the range is a king). Lidraughts' trailing {@code :H<n>} and {@code :F<n>}
 * fields are accepted and ignored. Written canonically: side, white list, black list, each square
 * ascending, no ranges.
 */
public final class DraughtsPositionNotation {
    private DraughtsPositionNotation() {
    }

    public static DraughtsState parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException("Empty FEN; expected something like W:W31-50:B1-20.");
        }
        String fen = text.strip();
        if (fen.endsWith(".")) {
            fen = fen.substring(0, fen.length() - 1);
        }
        String[] fields = fen.split(":", -1);
        if (fields.length < 3) {
            throw new InvalidInputException("Malformed FEN '" + text + "': expected <side>:W<pieces>:B<pieces>.");
        }
        boolean whiteToMove = switch (fields[0].strip().toUpperCase(java.util.Locale.ROOT)) {
            case "W" -> true;
            case "B" -> false;
            default -> throw new InvalidInputException("Malformed FEN '" + text + "': the side to move must be W or B, not '"
                + fields[0] + "'.");
        };
        long white = 0;
        long black = 0;
        long kings = 0;
        boolean sawWhite = false;
        boolean sawBlack = false;
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].strip();
            if (field.isEmpty()) {
                throw new InvalidInputException("Malformed FEN '" + text + "': empty field.");
            }
            char tag = Character.toUpperCase(field.charAt(0));
            if (tag == 'H' || tag == 'F') {
                if (!field.substring(1).matches("\\d+")) {
                    throw new InvalidInputException("Malformed FEN '" + text + "': field '" + field + "' must be a number.");
                }
                continue;
            }
            if (tag != 'W' && tag != 'B') {
                throw new InvalidInputException("Malformed FEN '" + text + "': unexpected field '" + field + "'.");
            }
            boolean isWhite = tag == 'W';
            if (isWhite ? sawWhite : sawBlack) {
                throw new InvalidInputException("Malformed FEN '" + text + "': two " + (isWhite ? "white" : "black") + " piece lists.");
            }
            if (isWhite) {
                sawWhite = true;
            } else {
                sawBlack = true;
            }
            long[] parsed = parseList(field.substring(1), text);
            long pieces = parsed[0];
            if (((white | black) & pieces) != 0) {
                throw new InvalidInputException("Malformed FEN '" + text + "': square "
                    + Squares.lowestSquare((white | black) & pieces) + " is listed twice.");
            }
            if (isWhite) {
                white = pieces;
            } else {
                black = pieces;
            }
            kings |= parsed[1];
        }
        if (!sawWhite || !sawBlack) {
            throw new InvalidInputException("Malformed FEN '" + text + "': it needs both a W and a B piece list.");
        }
        return DraughtsState.validated(white, black, kings, whiteToMove);
    }

    /** Returns {pieces, kings}. */
    private static long[] parseList(String list, String text) {
        long pieces = 0;
        long kings = 0;
        if (list.isBlank()) {
            return new long[] {0, 0};
        }
        for (String raw : list.split(",", -1)) {
            String item = raw.strip();
            boolean king = false;
            if (!item.isEmpty() && Character.toUpperCase(item.charAt(0)) == 'K') {
                king = true;
                item = item.substring(1).strip();
            }
            int dash = item.indexOf('-');
            int first;
            int last;
            if (dash >= 0) {
                first = square(item.substring(0, dash), text);
                last = square(item.substring(dash + 1), text);
                if (last < first) {
                    throw new InvalidInputException("Malformed FEN '" + text + "': range '" + raw.strip() + "' runs backwards.");
                }
            } else {
                first = square(item, text);
                last = first;
            }
            for (int s = first; s <= last; s++) {
                long m = Squares.mask(s);
                if ((pieces & m) != 0) {
                    throw new InvalidInputException("Malformed FEN '" + text + "': square " + s + " is listed twice.");
                }
                pieces |= m;
                if (king) {
                    kings |= m;
                }
            }
        }
        return new long[] {pieces, kings};
    }

    private static boolean asciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int square(String s, String text) {
        String t = s.strip();
        if (t.isEmpty() || t.length() > 2 || !asciiDigit(t.charAt(0)) || t.length() == 2 && !asciiDigit(t.charAt(1))) {
            throw new InvalidInputException("Malformed FEN '" + text + "': '" + s + "' is not a square number.");
        }
        int v = Integer.parseInt(t);
        if (v < 1 || v > 50) {
            throw new InvalidInputException("Malformed FEN '" + text + "': square " + v + " does not exist (1 to 50).");
        }
        return v;
    }

    public static String format(DraughtsState board) {
        StringBuilder sb = new StringBuilder(160);
        sb.append(board.whiteToMove() ? 'W' : 'B');
        appendList(sb, 'W', board.white(), board.kings());
        appendList(sb, 'B', board.black(), board.kings());
        return sb.toString();
    }

    private static void appendList(StringBuilder sb, char colour, long pieces, long kings) {
        sb.append(':').append(colour);
        boolean first = true;
        for (int s = 1; s <= 50; s++) {
            long m = Squares.mask(s);
            if ((pieces & m) == 0) {
                continue;
            }
            if (!first) {
                sb.append(',');
            }
            first = false;
            if ((kings & m) != 0) {
                sb.append('K');
            }
            sb.append(s);
        }
    }
}
