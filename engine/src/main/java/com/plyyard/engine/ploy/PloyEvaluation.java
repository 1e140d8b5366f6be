package com.plyyard.engine.ploy;

/**
 * Static evaluation of a Ploy state for the search, in hundredths of a Shield, from the view of the search's
 * side {@code me} (sides as {@link PloySearchBoard} sees them): material (Commander 1000, Lance 500, Probe 300,
 * Shield 120), mobility (free first steps), centre, and Commander safety (an attacked Commander: −250 for ours,
 * +150 for theirs). In a free-for-all (paranoid search) each opponent's army weighs half the root player's.
 */
final class PloyEvaluation {
    /** Material by piece mask; also orders captures ({@link PloySearchBoard#tacticalGain}). */
    static final int[] VALUE = new int[256];
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

    private PloyEvaluation() {
    }

    /**
     * @param root the seat that played the root move (free-for-all: the paranoid search's player)
     * @param me   the side to move
     */
    static int evaluate(PloyState state, int root, int me) {
        int score = 0;
        boolean ffa = state.mode == PloyMode.FREE_FOR_ALL;
        for (int c : Points.ALL) {
            int owner = state.ctrl[c];
            if (owner < 0) {
                continue;
            }
            int m = state.mask[c] & 0xFF;
            int value = VALUE[m] + 4 * freeSteps(state, c, m) + (CENTRE[c] ? 8 : 0);
            if (PloySearchBoard.sideOf(state.mode, root, owner) == me) {
                score += ffa && me == 1 ? value / 2 : value;
            } else {
                score -= ffa && me == 0 ? value / 2 : value;
            }
        }
        // Commander safety: a Commander an enemy piece can take next is in grave danger
        for (int seat = 0; seat < state.mode.seats(); seat++) {
            int cmd = state.commander[seat];
            if (cmd >= 0 && !state.isOut(seat) && attacked(state, cmd, seat)) {
                score += PloySearchBoard.sideOf(state.mode, root, seat) == me ? -250 : 150;
            }
        }
        return score;
    }

    private static int freeSteps(PloyState state, int c, int m) {
        int n = 0;
        for (int d = 0; d < 8; d++) {
            if ((m & (1 << d)) != 0 && state.ctrl[c + Points.STEP[d]] == PloyState.EMPTY) {
                n++;
            }
        }
        return n;
    }

    /** Whether an enemy of {@code seat} could move onto {@code cell} now (ignoring whose turn it is). */
    private static boolean attacked(PloyState state, int cell, int seat) {
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
}
