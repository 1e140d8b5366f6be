package com.plyyard.engine.ploy;

import com.plyyard.engine.SearchBoard;
import com.plyyard.engine.search.Score;

/**
 * Ploy for the {@link com.plyyard.engine.search.Searcher}, on a private copy of the state with make/unmake.
 *
 * <p>Sides: two players — the seats; teams — the teams (a partner's double turn is two plies of the same
 * side); free-for-all — <em>paranoid</em>: the player to move at the root against a coalition of the other
 * three. Paranoid search keeps alpha-beta sound under takeovers (the successor function is simply the rules:
 * whoever captures a Commander gets the pieces), never overestimates the root player, and prunes like a
 * two-player search; its price is pessimism, which the evaluation ({@link PloyEvaluation}) tempers by weighing
 * each opponent's army at half the root player's. The root player's elimination ends the search line as a loss.
 */
public final class PloySearchBoard implements SearchBoard {
    private static final int MAX = 256;

    private final PloyPosition rootPosition;
    private final PloyState state;
    private final int root;
    private final long[] hashes = new long[MAX];
    private int ply;

    public PloySearchBoard(PloyPosition position) {
        this.rootPosition = position;
        this.state = position.state().copy();
        this.root = state.actor();
        this.hashes[0] = key();
    }

    /**
     * A board whose paranoid sides (free-for-all) are {@code root} against the others, whoever moves at the root: how a
     * seat stands when it is not to move. Two players and teams have fixed sides, whatever the root.
     *
     * @throws IllegalArgumentException if {@code root} is not a seat of the game, or (free-for-all) is out of it
     */
    public PloySearchBoard(PloyPosition position, int root) {
        this.rootPosition = position;
        this.state = position.state().copy();
        if (root < 0 || root >= state.mode.seats() || (state.mode == PloyMode.FREE_FOR_ALL && state.isOut(root))) {
            throw new IllegalArgumentException("seat " + root + " is not in the game");
        }
        this.root = root;
        this.hashes[0] = key();
    }

    /**
     * The position key; in free-for-all the paranoid sides depend on the root player, so its seat is mixed
     * in and tables stay sound across searches for different seats.
     */
    private long key() {
        long k = PloyZobrist.key(state);
        return state.mode == PloyMode.FREE_FOR_ALL ? k ^ (0x9E3779B97F4A7C15L * (root + 1)) : k;
    }

    private int sideOf(int seat) {
        return sideOf(state.mode, root, seat);
    }

    /** The search's side (coalition) of a seat, when {@code root} plays the root move. */
    static int sideOf(PloyMode mode, int root, int seat) {
        return switch (mode) {
            case TWO_PLAYER -> seat;
            case TEAMS -> seat & 1;
            case FREE_FOR_ALL -> seat == root ? 0 : 1;
        };
    }

    @Override
    public int side() {
        return sideOf(state.actor());
    }

    @Override
    public int generate(int[] out) {
        return PloyMoveGenerator.generate(state, out);
    }

    @Override
    public void make(int move) {
        state.make(move);
        hashes[++ply] = key();
    }

    @Override
    public void unmake() {
        state.unmake();
        ply--;
    }

    @Override
    public long hash() {
        return hashes[ply];
    }

    @Override
    public boolean isTerminal() {
        return state.over() || (state.mode == PloyMode.FREE_FOR_ALL && state.isOut(root));
    }

    @Override
    public int terminalScore() {
        if (state.mode == PloyMode.FREE_FOR_ALL) {
            boolean rootWon = !state.isOut(root); // terminal: either the root player is out, or everyone else is
            return (side() == 0) == rootWon ? Score.WIN : Score.LOSS;
        }
        return sideWins(side()) ? Score.WIN : Score.LOSS;
    }

    /** In two-player and team games: did the seats of {@code side} win? */
    private boolean sideWins(int side) {
        for (int seat = 0; seat < state.mode.seats(); seat++) {
            if ((state.winners & (1 << seat)) != 0) {
                return sideOf(seat) == side;
            }
        }
        return false;
    }

    @Override
    public int evaluate() {
        return PloyEvaluation.evaluate(state, root, side());
    }

    @Override
    public boolean isTactical(int move) {
        return PloyState.isCapture(move);
    }

    /** The captured piece's value, less a little of the capturer's (take with the cheapest piece first). */
    @Override
    public int tacticalGain(int move) {
        int to = PloyState.to(move);
        return state.ctrl[to] >= 0
            ? PloyEvaluation.VALUE[state.mask[to] & 0xFF] - PloyEvaluation.VALUE[state.mask[PloyState.from(move)] & 0xFF] / 10 : 0;
    }

    @Override
    public boolean forcedTactics() {
        return false;
    }

    @Override
    public String notation(int move) {
        return PloyMoveNotation.format(move, state.mask[PloyState.from(move)] & 0xFF);
    }

    @Override
    public PloyMove rootMove(int move) {
        return rootPosition.legalMovesIgnoringDraws().stream().filter(m -> m.code() == move).findFirst().orElseThrow();
    }
}
