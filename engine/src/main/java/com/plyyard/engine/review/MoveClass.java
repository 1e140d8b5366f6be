package com.plyyard.engine.review;

/**
 * How a played move compares with the engine's best, by the share of the expected result it gave away
 * ({@link ReviewScale}): the same bounds for every game, each game's scale turning its scores into expected results.
 */
public enum MoveClass {
    /** The engine's move, the only legal move, or one that keeps as much (within a point of the expected result). */
    BEST,
    /** Gives away less than {@link ReviewScale#INACCURACY} of the expected result. */
    GOOD,
    /** Gives away {@link ReviewScale#INACCURACY} or more. */
    INACCURACY,
    /** Gives away {@link ReviewScale#MISTAKE} or more. */
    MISTAKE,
    /** Gives away {@link ReviewScale#BLUNDER} or more: a won game drawn, a draw lost, or as much on the scale. */
    BLUNDER;

    /** The class of a move that gives away {@code loss} (0 to 1) of the mover's expected result. */
    public static MoveClass of(double loss) {
        if (loss >= ReviewScale.BLUNDER) {
            return BLUNDER;
        }
        if (loss >= ReviewScale.MISTAKE) {
            return MISTAKE;
        }
        if (loss >= ReviewScale.INACCURACY) {
            return INACCURACY;
        }
        return loss > ReviewScale.EQUAL ? GOOD : BEST;
    }

    /** The lower-case word the clients print: "best", "good", "inaccuracy", "mistake", "blunder". */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
