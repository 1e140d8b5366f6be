package com.plyyard.engine.ploy;

import static com.plyyard.engine.ploy.PloyState.EMPTY;
import static com.plyyard.engine.ploy.PloyState.encode;

/**
 * Ploy's move generator: the legal moves of the seat playing the turn on a {@link PloyState}, as move ints
 * (encoding in {@link PloyState}), written into a caller's buffer without allocation. Motion along each
 * direction of the piece's mask, 1..range points, never over a piece, capturing an enemy on the destination
 * (partners are never captured); a Shield may also turn after its motion; and every distinct rotation in place.
 */
final class PloyMoveGenerator {
    private static final int[] RANGE = new int[256];
    private static final boolean[] SHIELD = new boolean[256];

    static {
        for (int m = 0; m < 256; m++) {
            PieceKind k = Masks.kind(m);
            RANGE[m] = k == null ? 0 : k.range();
            SHIELD[m] = k == PieceKind.SHIELD;
        }
    }

    private PloyMoveGenerator() {
    }

    /**
     * Writes the legal moves of the side to move into {@code out} from index 0; returns how many. None
     * when the game is over. {@code out} must hold the largest move count (1024 is always enough).
     */
    static int generate(PloyState state, int[] out) {
        if (state.over()) {
            return 0;
        }
        byte[] ctrl = state.ctrl;
        int a = state.actor();
        int n = 0;
        for (int c : Points.ALL) {
            if (ctrl[c] != a) {
                continue;
            }
            int m = state.mask[c] & 0xFF;
            int range = RANGE[m];
            boolean shield = SHIELD[m];
            for (int d = 0; d < 8; d++) {
                if ((m & (1 << d)) == 0) {
                    continue;
                }
                int step = Points.STEP[d];
                int t = c;
                for (int s = 0; s < range; s++) {
                    t += step;
                    int o = ctrl[t];
                    if (o == EMPTY) {
                        n = addMotion(out, n, c, t, m, shield, false, state.imperium);
                    } else {
                        if (o >= 0 && state.enemies(a, o)) {
                            n = addMotion(out, n, c, t, m, shield, true, state.imperium);
                        }
                        break;
                    }
                }
            }
            for (int r : Masks.rotations(m, state.imperium)) {
                out[n++] = encode(c, c, r, false);
            }
        }
        return n;
    }

    private static int addMotion(int[] out, int n, int from, int to, int m, boolean shield, boolean capture,
                                 boolean imperium) {
        if (!shield) {
            out[n++] = encode(from, to, m, capture);
            return n;
        }
        for (int r : Masks.shieldTurns(m, imperium)) {
            out[n++] = encode(from, to, r, capture);
        }
        return n;
    }
}
