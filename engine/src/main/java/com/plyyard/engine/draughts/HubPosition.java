package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import java.util.HashMap;
import java.util.Map;

/**
 * Hub's position text: the side to move ({@code W} or {@code B}), then one character per square 1..50 in the
 * standard order — {@code w}/{@code b} a white/black man, {@code W}/{@code B} a king, {@code e} empty. 51 characters;
 * the FMJD start is {@code Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww}.
 */
final class HubPosition {
    public static final int LENGTH = 51;

    private HubPosition() {
    }

    /**
     * A position of the given rules with fresh history (its moves are applied by the caller).
     *
     * @throws InvalidInputException if the text is not 51 such characters, or the board is impossible (a man on
     *                               its own promotion row)
     */
    public static DraughtsPosition parse(String text, DraughtsRules rules) {
        if (text == null || text.length() != LENGTH) {
            throw new InvalidInputException("A Hub position has 51 characters (the side to move, then squares 1 to 50), not "
                + (text == null ? 0 : text.length()) + ".");
        }
        boolean whiteToMove = switch (text.charAt(0)) {
            case 'W' -> true;
            case 'B' -> false;
            default -> throw new InvalidInputException("A Hub position starts with the side to move, W or B, not '"
                + text.charAt(0) + "'.");
        };
        Map<Integer, Piece> pieces = new HashMap<>();
        for (int square = 1; square <= 50; square++) {
            char c = text.charAt(square);
            Piece piece = switch (c) {
                case 'w' -> Piece.WHITE_MAN;
                case 'b' -> Piece.BLACK_MAN;
                case 'W' -> Piece.WHITE_KING;
                case 'B' -> Piece.BLACK_KING;
                case 'e' -> null;
                default -> throw new InvalidInputException("Square " + square + " of the Hub position is '" + c
                    + "'; a square is w, b, W, B or e.");
            };
            if (piece != null) {
                pieces.put(square, piece);
            }
        }
        return rules.position(DraughtsState.of(whiteToMove, pieces));
    }

    public static String format(DraughtsState board) {
        StringBuilder sb = new StringBuilder(LENGTH);
        sb.append(board.whiteToMove() ? 'W' : 'B');
        for (int square = 1; square <= 50; square++) {
            Piece p = board.pieceAt(square);
            sb.append(p == null ? 'e' : switch (p) {
                case WHITE_MAN -> 'w';
                case BLACK_MAN -> 'b';
                case WHITE_KING -> 'W';
                case BLACK_KING -> 'B';
            });
        }
        return sb.toString();
    }
}
