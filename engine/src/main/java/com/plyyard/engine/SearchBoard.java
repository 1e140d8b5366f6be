package com.plyyard.engine;

/**
 * A game position the engine's searcher ({@link com.plyyard.engine.search.Searcher}) walks in place: moves are
 * ints, {@link #make}/{@link #unmake} change the position, and scores are from the view of the side to move. Every
 * game supplies one adapter ({@link GameModule#searchBoard}).
 *
 * <p>Sides: the searcher sees two coalitions, 0 and 1 — the two players, two teams, or (paranoid search
 * for free-for-all games) the root player against everyone else. Two consecutive plies may belong to the
 * same side (a team partner's double turn, Piracy's lone survivor, paranoid opponents); the searcher
 * negates scores only when the side changes.
 */
public interface SearchBoard {
    /** Coalition (0 or 1) of the side to move. */
    int side();

    /**
     * Writes the legal moves into {@code out} (room for {@link com.plyyard.engine.search.Searcher#MAX_MOVES}); returns
     * how many.
     */
    int generate(int[] out);

    void make(int move);

    void unmake();

    /** A key of the position (side to move included) for the transposition table and repetitions. */
    long hash();

    /** True when the game is over here (whatever {@link #generate} says). */
    boolean isTerminal();

    /**
     * Score of a finished game from the side to move's view, without the ply adjustment:
     * {@link com.plyyard.engine.search.Score#WIN}, {@link com.plyyard.engine.search.Score#LOSS} or a draw score. Called
     * when {@link #isTerminal()} or when there is no legal move.
     */
    int terminalScore();

    /** What {@link #tableScore} answers for a position no table decides. */
    int NO_TABLE_SCORE = Integer.MIN_VALUE;

    /**
     * The exact value of this position from a table of solved positions (draughts' endgame tables), from the side to
     * move's view and without the ply adjustment, as {@link #terminalScore}: {@code Score.WIN - d} for a win in d
     * plies, {@code Score.LOSS + d} for a loss, 0 for a draw; or {@link #NO_TABLE_SCORE} when no table decides it
     * (the default). The searcher asks at every node below the root and searches no further where it is answered.
     */
    default int tableScore() {
        return NO_TABLE_SCORE;
    }

    /** Static evaluation from the side to move's view. */
    int evaluate();

    /** True for moves the quiescence search follows (captures). */
    boolean isTactical(int move);

    /**
     * What a tactical move wins at once, in evaluation units (e.g. the captured piece's value); orders
     * captures best-first and lets quiescence skip captures that cannot raise the score enough.
     */
    int tacticalGain(int move);

    /**
     * True when the search must not stop here because the position is not quiet even for a stand-pat, e.g. a
     * draughts side that must capture: then quiescence searches every legal move without standing pat.
     */
    boolean forcedTactics();

    /**
     * Margin of ProbCut-style pruning at this node, in evaluation units, or 0 for none: a non-PV node whose
     * half-depth search already beats beta by the margin is cut. Worth it where a shallow search predicts a deep
     * one well (draughts outside the opening); off by default.
     */
    default int probCutMargin() {
        return 0;
    }

    /**
     * True when the searcher should look up every child in the transposition table before searching any of them
     * (enhanced transposition cutoffs): pays where transpositions are frequent and making a move is cheap.
     */
    default boolean transpositionCutoffs() {
        return false;
    }

    /**
     * Half-width of the root's aspiration window in evaluation units, or 0 to search every iteration with a full
     * window: from the fifth iteration on, the search first assumes the score stays within this distance of the
     * last one and widens only when it does not.
     */
    default int aspirationWindow() {
        return 0;
    }

    /**
     * True for the stronger late-move reductions tuned on draughts: in non-PV nodes quiet moves from the third on
     * lose a ply, from the sixth on two. Otherwise from the fifth on one, from the thirteenth on two.
     */
    default boolean strongReductions() {
        return false;
    }

    /** The move in the game's canonical notation, for principal variations and logs. */
    String notation(int move);

    /**
     * The legal move of the position this board was made from that a move int generated there stands for:
     * how the searcher's answer goes back to the caller.
     */
    LegalMove rootMove(int move);
}
