package com.plyyard.engine.review;

import com.plyyard.engine.search.Score;

/**
 * A score on the search's scale ({@link Score}: hundredths of the game's unit, wins as {@code WIN - plies}) read as the
 * mover's expected result, 0 (a loss) to 1 (a win): a logistic curve whose width is the game's, so that one extra unit
 * means about as much in every game; a won or lost score is 1 or 0, an exact draw from a table ½. A move is classed by
 * how much of it the move gives away ({@link MoveClass}); docs/learn.md ("Game review") gives the figures per game.
 */
public final class ReviewScale {
    /** At most this much given away is as good as the best move. */
    public static final double EQUAL = 0.01;
    public static final double INACCURACY = 0.05;
    public static final double MISTAKE = 0.10;
    public static final double BLUNDER = 0.20;

    /** Scores of one game's unit per e-fold of the odds: a greater width, a flatter curve. */
    private final double width;

    private ReviewScale(double width) {
        this.width = width;
    }

    /**
     * The game's scale. Draughts: a man up (100) is about 70 %; Ploy: a Probe up (300), about 75 %, its pieces being
     * worth more units; Piracy: a hit up (100), about 73 %.
     */
    public static ReviewScale of(String game) {
        return switch (game) {
            case "draughts" -> new ReviewScale(118);
            case "ploy" -> new ReviewScale(273);
            case "piracy" -> new ReviewScale(100);
            default -> new ReviewScale(150);
        };
    }

    /** The mover's expected result for a score from the mover's view. */
    public double expected(int score) {
        if (Score.isWin(score)) {
            return 1;
        }
        if (Score.isLoss(score)) {
            return 0;
        }
        return 1 / (1 + Math.exp(-score / width));
    }

    /** The share of the expected result a move scored {@code played} gives away against the best, {@code best}. */
    public double loss(int best, int played) {
        return Math.max(0, expected(best) - expected(played));
    }
}
