package com.plyyard.engine.draughts;

import java.util.SplittableRandom;

/**
 * Position keys for the repetition rule. Part of the contract (clients store them in
 * {@code GameState.repetition_keys}): the key of a board is the XOR of {@code K[piece][square]} over
 * its pieces, XOR {@code K_BLACK} when Black is to move, where the constants are drawn in this order
 * from {@code new SplittableRandom(0x504C5959415244L)}: piece white man, white king, black man, black
 * king, each for squares 1..50, then {@code K_BLACK}.
 */
public final class DraughtsZobrist {
    private static final long SEED = 0x504C5959415244L; // "PLYYARD"
    private static final long[][] KEYS = new long[4][64];
    private static final long BLACK_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int piece = 0; piece < 4; piece++) {
            for (int s = 1; s <= 50; s++) {
                KEYS[piece][Squares.bit(s)] = random.nextLong();
            }
        }
        BLACK_TO_MOVE = random.nextLong();
    }

    private DraughtsZobrist() {
    }

    /** The key of one piece: type 0 white man, 1 white king, 2 black man, 3 black king; bit in the Squares layout. */
    static long piece(int type, int bit) {
        return KEYS[type][bit];
    }

    static long blackToMove() {
        return BLACK_TO_MOVE;
    }

    public static long key(DraughtsState board) {
        long k = board.whiteToMove() ? 0 : BLACK_TO_MOVE;
        k ^= xor(KEYS[0], board.white() & ~board.kings());
        k ^= xor(KEYS[1], board.white() & board.kings());
        k ^= xor(KEYS[2], board.black() & ~board.kings());
        k ^= xor(KEYS[3], board.black() & board.kings());
        return k;
    }

    private static long xor(long[] keys, long mask) {
        long k = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            k ^= keys[Long.numberOfTrailingZeros(m)];
        }
        return k;
    }
}
