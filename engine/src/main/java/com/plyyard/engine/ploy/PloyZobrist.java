package com.plyyard.engine.ploy;

import java.util.SplittableRandom;

/**
 * Position keys for the repetition rule, part of the contract ({@code GameState.repetition_keys}): the XOR
 * over occupied points of {@code C[point][controller] ^ M[point][mask]}, XOR {@code T[seat to move]}. The
 * constants are drawn from {@code new SplittableRandom(0x504C4F59L)} in this order: for points a1..i9
 * (file fastest) C for controllers 0..3, then for the same points M for masks 0..255, then T for seats
 * 0..3. Owners are not part of the key: they never change what can happen.
 */
final class PloyZobrist {
    private static final long SEED = 0x504C4F59L; // "PLOY"
    private static final long[][] CONTROLLER = new long[Points.CELLS][4];
    private static final long[][] MASK = new long[Points.CELLS][256];
    private static final long[] TURN = new long[4];

    static {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int c : Points.ALL) {
            for (int seat = 0; seat < 4; seat++) {
                CONTROLLER[c][seat] = random.nextLong();
            }
        }
        for (int c : Points.ALL) {
            for (int m = 0; m < 256; m++) {
                MASK[c][m] = random.nextLong();
            }
        }
        for (int seat = 0; seat < 4; seat++) {
            TURN[seat] = random.nextLong();
        }
    }

    private PloyZobrist() {
    }

    static long key(PloyState s) {
        long k = TURN[s.turn];
        for (int c : Points.ALL) {
            int controller = s.ctrl[c];
            if (controller >= 0) {
                k ^= CONTROLLER[c][controller] ^ MASK[c][s.mask[c] & 0xFF];
            }
        }
        return k;
    }
}
