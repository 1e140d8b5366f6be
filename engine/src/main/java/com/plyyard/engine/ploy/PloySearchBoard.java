package com.plyyard.engine.ploy;

import com.plyyard.engine.search.Score;
import com.plyyard.engine.search.SearchBoard;

/**
 * Ploy for the {@link com.plyyard.engine.search.Searcher}, on a private copy of the state with make/unmake.
 *
 * <p>Sides: two players — the seats; teams — the teams (a partner's double turn is two plies of the same
 * side); free-for-all — <em>paranoid</em>: the player to move at the root against a coalition of the other
 * three. Paranoid search keeps alpha-beta sound under takeovers (the successor function is simply the rules:
 * whoever captures a Commander gets the pieces), never overestimates the root player, and prunes like a
 * two-player search; its price is pessimism, which the evaluation tempers by weighing each opponent's army at
 * half the root player's. The root player's elimination ends the search line as a loss.
 *
 * <p>Evaluation (a Shield = 100): material (Commander 1000, Lance 500, Probe 300, Shield 120), mobility (free
 * first steps), Commander safety (attacked Commanders), centre.
 */
public final class PloySearchBoard implements SearchBoard {
    private static final int MAX = 256;
    private static final int[] VALUE = new int[256];
    private static final boolean[] CENTRE = new boolean[Points.CELLS];

    static {
        for (int m = 0; m < 256; m++) {
            PieceKind k = Masks.kind(m);
            VALUE[m] = k == null ? 0 : switch (k) {
                case COMMANDER -> 1000;
                case LANCE -> 500;
                case PROBE -> 300;
                case SHIELD -> 120;
            };
        }
        for (int c : Points.ALL) {
            int f = Points.file(c);
            int r = Points.rank(c);
            CENTRE[c] = f >= 2 && f <= 6 && r >= 2 && r <= 6;
        }
    }

    private final PloyState state;
    private final int root;
    private final long[] hashes = new long[MAX];
    private int ply;

    public PloySearchBoard(PloyPosition position) {
        this.state = position.state().copy();
        this.root = state.actor();
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
        return switch (state.mode) {
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
        return state.generate(out);
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
        int me = side();
        int score = 0;
        boolean ffa = state.mode == PloyMode.FREE_FOR_ALL;
        for (int c : Points.ALL) {
            int owner = state.ctrl[c];
            if (owner < 0) {
                continue;
            }
            int m = state.mask[c] & 0xFF;
            int value = VALUE[m] + 4 * freeSteps(c, m) + (CENTRE[c] ? 8 : 0);
            if (sideOf(owner) == me) {
                score += ffa && me == 1 ? value / 2 : value;
            } else {
                score -= ffa && me == 0 ? value / 2 : value;
            }
        }
        // Commander safety: a Commander an enemy piece can take next is in grave danger
        for (int seat = 0; seat < state.mode.seats(); seat++) {
            int cmd = state.commander[seat];
            if (cmd >= 0 && !state.isOut(seat) && attacked(cmd, seat)) {
                score += sideOf(seat) == me ? -250 : 150;
            }
        }
        return score;
    }

    private int freeSteps(int c, int m) {
        int n = 0;
        for (int d = 0; d < 8; d++) {
            if ((m & (1 << d)) != 0 && state.ctrl[c + Points.STEP[d]] == PloyState.EMPTY) {
                n++;
            }
        }
        return n;
    }

    /** Whether an enemy of {@code seat} could move onto {@code cell} now (ignoring whose turn it is). */
    private boolean attacked(int cell, int seat) {
        for (int d = 0; d < 8; d++) {
            int back = (d + 4) & 7; // an attacker along d from cell must point back along the opposite way
            int t = cell;
            for (int s = 1; s <= 3; s++) {
                t += Points.STEP[d];
                int o = state.ctrl[t];
                if (o == PloyState.EMPTY) {
                    continue;
                }
                if (o >= 0 && state.enemies(seat, o)) {
                    int m = state.mask[t] & 0xFF;
                    PieceKind k = Masks.kind(m);
                    if ((m & (1 << back)) != 0 && k.range() >= s) {
                        return true;
                    }
                }
                break;
            }
        }
        return false;
    }

    @Override
    public boolean isTactical(int move) {
        return PloyState.isCapture(move);
    }

    /** The captured piece's value, less a little of the capturer's (take with the cheapest piece first). */
    @Override
    public int tacticalGain(int move) {
        int to = PloyState.to(move);
        return state.ctrl[to] >= 0 ? VALUE[state.mask[to] & 0xFF] - VALUE[state.mask[PloyState.from(move)] & 0xFF] / 10 : 0;
    }

    @Override
    public boolean forcedTactics() {
        return false;
    }

    @Override
    public String notation(int move) {
        return PloyNotation.format(move, state.mask[PloyState.from(move)] & 0xFF);
    }

    /** The legal move of {@code position} a move int stands for. */
    public static PloyMove toMove(PloyPosition position, int move) {
        return position.legalMovesIgnoringDraws().stream().filter(m -> m.code() == move).findFirst().orElseThrow();
    }
}
