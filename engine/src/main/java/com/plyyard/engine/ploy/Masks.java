package com.plyyard.engine.ploy;

import java.util.Arrays;

/**
 * Direction masks: bit 0 = N, clockwise; rotating clockwise by k×45° is an 8-bit left rotation by k.
 * A mask alone determines the piece kind (by its shape) and orientation. Precomputed tables give, per
 * mask and rule set, the distinct masks a rotation can reach and the smallest clockwise k for each.
 */
public final class Masks {
    public static final int COMMANDER_BASE = 0x55;
    private static final int[][] LANCE_BASES = {{0x83}, {0x45}, {0x92}};
    private static final int[] PROBE_BASES = {0x03, 0x82, 0x11};
    private static final int SHIELD_BASE = 0x01;

    private static final PieceKind[] KIND = new PieceKind[256];
    /** [rules 0 = 3m, 1 = imperium][mask] → reachable other masks by a rotation in place. */
    private static final int[][][] ROTATIONS = new int[2][256][];
    /** [rules][mask] → reachable masks for a Shield after a motion, the unrotated one first. */
    private static final int[][][] SHIELD_TURNS = new int[2][256][];

    static {
        mark(COMMANDER_BASE, PieceKind.COMMANDER);
        for (int[] base : LANCE_BASES) {
            mark(base[0], PieceKind.LANCE);
        }
        for (int base : PROBE_BASES) {
            mark(base, PieceKind.PROBE);
        }
        mark(SHIELD_BASE, PieceKind.SHIELD);
        for (int m = 0; m < 256; m++) {
            if (KIND[m] == null) {
                continue;
            }
            for (int rules = 0; rules < 2; rules++) {
                int[] ks = rules == 0 ? new int[] {1, 2, 3, 4, 5, 6, 7} : new int[] {1, 7};
                int[] reach = new int[ks.length];
                int n = 0;
                for (int k : ks) {
                    int r = rotate(m, k);
                    if (r != m && !contains(reach, n, r)) {
                        reach[n++] = r;
                    }
                }
                ROTATIONS[rules][m] = Arrays.copyOf(reach, n);
                int[] turns = new int[n + 1];
                turns[0] = m;
                System.arraycopy(reach, 0, turns, 1, n);
                SHIELD_TURNS[rules][m] = turns;
            }
        }
    }

    private Masks() {
    }

    private static void mark(int base, PieceKind kind) {
        for (int k = 0; k < 8; k++) {
            KIND[rotate(base, k)] = kind;
        }
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** Clockwise rotation by k×45°. */
    public static int rotate(int mask, int k) {
        k &= 7;
        return ((mask << k) | (mask >>> (8 - k))) & 0xFF;
    }

    /** The kind a mask belongs to, or null if no piece has that shape. */
    public static PieceKind kind(int mask) {
        return mask < 0 || mask > 255 ? null : KIND[mask];
    }

    public static boolean valid(int mask) {
        return kind(mask) != null;
    }

    /** Masks reachable by a rotation in place (distinct, never the mask itself). */
    static int[] rotations(int mask, boolean imperium) {
        return ROTATIONS[imperium ? 1 : 0][mask];
    }

    /** Masks a Shield may end with after a motion: unrotated first, then the reachable rotations. */
    static int[] shieldTurns(int mask, boolean imperium) {
        return SHIELD_TURNS[imperium ? 1 : 0][mask];
    }

    /** The smallest clockwise k with {@code rotate(from, k) == to}, or -1. */
    public static int clockwiseSteps(int from, int to) {
        for (int k = 0; k < 8; k++) {
            if (rotate(from, k) == to) {
                return k;
            }
        }
        return -1;
    }
}
