package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import java.util.Map;

/**
 * An immutable draughts board: where the pieces stand and who is to move. The masks use the
 * {@link Squares} bit layout.
 */
public final class DraughtsState {
    private final long white;
    private final long black;
    private final long kings;
    private final boolean whiteToMove;

    private DraughtsState(long white, long black, long kings, boolean whiteToMove) {
        this.white = white;
        this.black = black;
        this.kings = kings;
        this.whiteToMove = whiteToMove;
    }

    /** Trusted constructor for the engine's own, already valid masks. */
    static DraughtsState ofMasks(long white, long black, long kings, boolean whiteToMove) {
        return new DraughtsState(white, black, kings, whiteToMove);
    }

    /**
     * Builds and checks a board from pieces by square.
     *
     * @throws InvalidInputException for squares outside 1..50 or a man on its own promotion row
     */
    public static DraughtsState of(boolean whiteToMove, Map<Integer, Piece> pieces) {
        long w = 0;
        long b = 0;
        long k = 0;
        for (Map.Entry<Integer, Piece> e : pieces.entrySet()) {
            int s = e.getKey();
            Piece p = e.getValue();
            if (s < 1 || s > 50) {
                throw new InvalidInputException("Square " + s + " does not exist; squares are numbered 1 to 50.");
            }
            long m = Squares.mask(s);
            if (p.white()) {
                w |= m;
            } else {
                b |= m;
            }
            if (p.king()) {
                k |= m;
            }
        }
        return validated(w, b, k, whiteToMove);
    }

    static DraughtsState validated(long w, long b, long k, boolean whiteToMove) {
        if ((w & b) != 0) {
            throw new InvalidInputException("Square " + Squares.lowestSquare(w & b) + " holds both a white and a black piece.");
        }
        long whiteMenOnLastRow = w & ~k & Squares.WHITE_PROMOTION;
        if (whiteMenOnLastRow != 0) {
            throw new InvalidInputException("A white man cannot stand on square " + Squares.lowestSquare(whiteMenOnLastRow)
                + ": it would have been crowned there.");
        }
        long blackMenOnLastRow = b & ~k & Squares.BLACK_PROMOTION;
        if (blackMenOnLastRow != 0) {
            throw new InvalidInputException("A black man cannot stand on square " + Squares.lowestSquare(blackMenOnLastRow)
                + ": it would have been crowned there.");
        }
        return new DraughtsState(w, b, k, whiteToMove);
    }

    /** The start position of a rule set. */
    public static DraughtsState start(DraughtsRuleSet rules) {
        long w = 0;
        long b = 0;
        for (int s = 1; s <= 20; s++) {
            b |= Squares.mask(s);
            w |= Squares.mask(s + 30);
        }
        return new DraughtsState(w, b, 0, rules.whiteStarts());
    }

    public boolean whiteToMove() {
        return whiteToMove;
    }

    /** The piece on a square 1..50, or null when the square is empty. */
    public Piece pieceAt(int square) {
        if (square < 1 || square > 50) {
            throw new IllegalArgumentException("square " + square);
        }
        long m = Squares.mask(square);
        if (((white | black) & m) == 0) {
            return null;
        }
        return Piece.of((white & m) != 0, (kings & m) != 0);
    }

    /** White pieces, {@link Squares} layout. */
    public long white() {
        return white;
    }

    public long black() {
        return black;
    }

    public long kings() {
        return kings;
    }

    public long pieces(boolean whiteSide) {
        return whiteSide ? white : black;
    }

    public int count(boolean whiteSide) {
        return Long.bitCount(pieces(whiteSide));
    }

    public int kingCount(boolean whiteSide) {
        return Long.bitCount(pieces(whiteSide) & kings);
    }

    public DraughtsState withSideToMove(boolean white) {
        return new DraughtsState(this.white, black, kings, white);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DraughtsState other && white == other.white && black == other.black && kings == other.kings
            && whiteToMove == other.whiteToMove;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(white * 31 + black * 17 + kings) ^ (whiteToMove ? 1 : 0);
    }

    @Override
    public String toString() {
        return DraughtsPositionNotation.format(this);
    }
}
