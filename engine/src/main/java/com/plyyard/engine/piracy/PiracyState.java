package com.plyyard.engine.piracy;

/**
 * A Piracy position packed in one {@code long}, so engines can store billions of them: each ship in 21 bits
 * (bow square 10, heading 3, hits 3, turn run + 8 in 4, sunk 1), Cook's in bits 0–20 and Silver's in
 * 21–41, then Silver-to-move (bit 42), survival moves left (43–46, 15 when no ship has sunk) and the ply
 * (47–57). Static helpers read and build the fields.
 */
public final class PiracyState {
    static final int SHIP_BITS = 21;
    static final long SHIP_MASK = (1L << SHIP_BITS) - 1;
    static final int NO_SURVIVAL = 15;
    static final int COOK = 0;
    static final int SILVER = 1;

    private PiracyState() {
    }

    // ---- ships

    static int ship(int bow, int heading, int hits, int run, boolean sunk) {
        return bow | heading << 10 | hits << 13 | (run + 8) << 16 | (sunk ? 1 << 20 : 0);
    }

    static int bow(int ship) {
        return ship & 0x3FF;
    }

    static int heading(int ship) {
        return (ship >>> 10) & 7;
    }

    static int hits(int ship) {
        return (ship >>> 13) & 7;
    }

    static int run(int ship) {
        return ((ship >>> 16) & 0xF) - 8;
    }

    static boolean sunk(int ship) {
        return (ship & (1 << 20)) != 0;
    }

    // ---- states

    static long state(int cook, int silver, int toMove, int survival, int ply) {
        return (cook & SHIP_MASK) | (silver & SHIP_MASK) << SHIP_BITS | (long) toMove << 42 | (long) survival << 43
            | (long) ply << 47;
    }

    static int cook(long state) {
        return (int) (state & SHIP_MASK);
    }

    static int silver(long state) {
        return (int) ((state >>> SHIP_BITS) & SHIP_MASK);
    }

    static int ship(long state, int side) {
        return side == COOK ? cook(state) : silver(state);
    }

    static int toMove(long state) {
        return (int) ((state >>> 42) & 1);
    }

    /** Moves the survivor still has to make, or {@link #NO_SURVIVAL} while both ships float. */
    static int survival(long state) {
        return (int) ((state >>> 43) & 0xF);
    }

    static int ply(long state) {
        return (int) ((state >>> 47) & 0x7FF);
    }
}
