package com.plyyard.engine.search;

/**
 * Scores: positive is good for the side to move. Evaluations use hundredths of a man/Shield-like unit
 * (draughts: a man = 100; Ploy: a Shield = 100; Piracy: a hit = 100). A won game is {@code WIN - ply}, so
 * nearer wins score higher; {@link #isWin}/{@link #movesToWin} read them back.
 */
public final class Score {
    public static final int WIN = 30_000;
    public static final int LOSS = -WIN;
    public static final int DRAW = 0;
    public static final int INFINITE = 32_000;
    /** Scores above this are won games (at most 1000 plies away). */
    public static final int WIN_BOUND = WIN - 1_000;

    private Score() {
    }

    public static boolean isWin(int score) {
        return score >= WIN_BOUND;
    }

    public static boolean isLoss(int score) {
        return score <= -WIN_BOUND;
    }

    /** Plies to the end for a won or lost score. */
    public static int pliesToEnd(int score) {
        return WIN - Math.abs(score);
    }

    /** A terminal score seen {@code ply} plies from the root. */
    static int atPly(int terminal, int ply) {
        if (terminal >= WIN_BOUND) {
            return terminal - ply;
        }
        if (terminal <= -WIN_BOUND) {
            return terminal + ply;
        }
        return terminal;
    }

    /** Adjusts a score for storing in the table: win distances are stored from the node, not the root. */
    static int toTable(int score, int ply) {
        return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
    }

    static int fromTable(int score, int ply) {
        return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
    }

    /** Human form: "+1.25" in units, or "win in 7" / "loss in 4" (plies). */
    public static String describe(int score) {
        if (isWin(score)) {
            return "win in " + pliesToEnd(score);
        }
        if (isLoss(score)) {
            return "loss in " + pliesToEnd(score);
        }
        return String.format(java.util.Locale.ROOT, "%+.2f", score / 100.0);
    }
}
