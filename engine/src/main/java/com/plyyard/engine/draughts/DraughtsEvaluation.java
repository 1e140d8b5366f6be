package com.plyyard.engine.draughts;

/**
 * Static evaluation of a draughts position in hundredths of a man, from White's view.
 *
 * <p>Two evaluations exist: the fitted {@link PatternEvaluation} (the default when its weights are present) and the
 * hand-written one below ({@code -Dplyyard.draughts.evaluation=classic} plays it, to measure one against the other).
 * Both keep the rule knowledge of lone kings.
 *
 * <p>The hand-written one: material (a king is
 * worth three men), tempo (how far the men have advanced), centre, structure (back-rank guards, men covered
 * from behind), runaway men (a man no enemy piece can stop before it crowns), and basic endings (a lone king
 * against at most three pieces is a draw under both rule sets in practice; FMJD's 16- and 5-move rules make
 * it one).
 */
final class DraughtsEvaluation {
    static final int MAN = 100;
    static final int KING = 300;
    private static final int[] CENTRE = new int[64];
    /** Squares White's men must stay on to guard its promotion row early on (Black: mirrored). */
    private static final long WHITE_GUARD = Squares.mask(47) | Squares.mask(48) | Squares.mask(49);
    private static final long BLACK_GUARD = Squares.mask(2) | Squares.mask(3) | Squares.mask(4);
    /** Rows advanced by a White man, and the men's cones: one definition with the fitted evaluation's features. */
    private static final int[] TEMPO = DraughtsFeatures.TEMPO_OF_BIT;
    private static final long[] WHITE_CONE = DraughtsFeatures.WHITE_CONE;
    private static final long[] BLACK_CONE = DraughtsFeatures.BLACK_CONE;

    static {
        for (int s = 1; s <= 50; s++) {
            int row = Squares.row(s);
            int col = Squares.column(s);
            boolean centreFile = col >= 2 && col <= 7;
            boolean centreRow = row >= 3 && row <= 6;
            CENTRE[Squares.bit(s)] = (centreFile ? 4 : 0) + (centreFile && centreRow ? 6 : 0);
        }
    }

    /** The fitted evaluation, or null when this JVM plays the hand-written one. */
    private static final PatternEvaluation PATTERNS =
        "classic".equals(System.getProperty("plyyard.draughts.evaluation")) ? null : PatternEvaluation.loadDefault();

    private DraughtsEvaluation() {
    }

    /** From White's view. */
    static int evaluate(long white, long black, long kings, boolean whiteToMove) {
        if (DraughtsFeatures.loneKingHolds(white, black, kings)) {
            return (Long.bitCount(white) - Long.bitCount(black)) * 5; // a draw, by rule: see loneKingHolds
        }
        return PATTERNS == null ? classic(white, black, kings) : PATTERNS.evaluate(white, black, kings, whiteToMove);
    }

    /** The hand-written evaluation, from White's view. */
    static int classic(long white, long black, long kings) {
        int whiteMen = Long.bitCount(white & ~kings);
        int blackMen = Long.bitCount(black & ~kings);
        int whiteKings = Long.bitCount(white & kings);
        int blackKings = Long.bitCount(black & kings);
        int whitePieces = whiteMen + whiteKings;
        int blackPieces = blackMen + blackKings;
        int score = MAN * (whiteMen - blackMen) + KING * (whiteKings - blackKings);
        int pieces = whitePieces + blackPieces;
        for (long m = white & ~kings; m != 0; m &= m - 1) {
            int bit = Long.numberOfTrailingZeros(m);
            score += positional(bit, TEMPO[bit], pieces);
            if (runaway(WHITE_CONE[bit], black, TEMPO[bit])) {
                score += 30 + 15 * TEMPO[bit];
            }
        }
        for (long m = black & ~kings; m != 0; m &= m - 1) {
            int bit = Long.numberOfTrailingZeros(m);
            int tempo = 9 - TEMPO[bit];
            score -= positional(bit, tempo, pieces);
            if (runaway(BLACK_CONE[bit], white, tempo)) {
                score -= 30 + 15 * tempo;
            }
        }
        // structure: men covered from behind by a friend hold better
        score += 3 * (Long.bitCount(white & ~kings & (Squares.shift(white, -5) | Squares.shift(white, -6)))
            - Long.bitCount(black & ~kings & (Squares.shift(black, 5) | Squares.shift(black, 6))));
        // guards on the back row while many pieces remain
        if (pieces > 20) {
            score += 8 * (Long.bitCount(white & ~kings & WHITE_GUARD) - Long.bitCount(black & ~kings & BLACK_GUARD));
        }
        // kings are stronger when the enemy has few men left to stop them
        if (whiteKings > 0 && blackKings == 0) {
            score += 20 * (20 - Math.min(20, blackPieces));
        }
        if (blackKings > 0 && whiteKings == 0) {
            score -= 20 * (20 - Math.min(20, whitePieces));
        }
        return score;
    }

    /** Advancement matters more as the board empties; the centre matters more while it is crowded. */
    private static int positional(int bit, int tempo, int pieces) {
        int advance = pieces > 24 ? 2 * tempo : 4 * tempo;
        return advance + (pieces > 14 ? CENTRE[bit] : CENTRE[bit] / 2);
    }

    /** A man with no enemy in its cone and at most four rows to go crowns unstoppably (ignoring tempo). */
    private static boolean runaway(long cone, long enemies, int tempo) {
        return tempo >= 5 && (cone & enemies) == 0;
    }
}
