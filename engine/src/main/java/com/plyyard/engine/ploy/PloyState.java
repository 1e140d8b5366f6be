package com.plyyard.engine.ploy;

import java.util.Arrays;

/**
 * The mutable state of a Ploy game: who controls what, whose turn it is, who is out. Made for speed:
 * moves are ints, {@link #make}/{@link #unmake} change the board in place, and {@link PloyMoveGenerator}
 * writes the legal moves into a caller's int buffer. Everything above it ({@link PloyPosition}, perft,
 * search) builds on this class.
 *
 * <p>A move is {@code from | to << 7 | newMask << 14 | capture << 22} (mailbox cells, see {@link Points});
 * {@code from == to} is a rotation in place.
 *
 * <p>Elimination (spec §5): a player is out when its Commander is captured or it controls nothing but the
 * Commander. Two players: the game ends. Free-for-all: the captor of a Commander takes every piece the
 * loser controlled; a bare Commander is removed; out players are skipped; the last player wins. Teams
 * (seed partnership): the partner takes over the remaining pieces and the turns; teams ({@code 3m}
 * partnership): pieces stay, a seat with no pieces is played by the partner; the team loses when both
 * partners are out. A bare Commander is removed in every four-player mode; in the two-player game it stays,
 * the game being over.
 */
public final class PloyState {
    static final byte EMPTY = -1;
    static final byte OFF = -2;
    private static final int MAX_PLY = 128;
    private static final boolean[] COMMANDER = new boolean[256];

    static {
        for (int m = 0; m < 256; m++) {
            COMMANDER[m] = Masks.kind(m) == PieceKind.COMMANDER;
        }
    }

    final PloyMode mode;
    final boolean imperium;
    final boolean keepPieces; // team mode with the 3m partnership
    final byte[] ctrl = new byte[Points.CELLS];
    final byte[] mask = new byte[Points.CELLS];
    final byte[] owner = new byte[Points.CELLS];
    final int[] count = new int[4];
    final int[] commander = new int[4];
    int turn;
    int outMask;
    /** Seats in the order they went out, 2 bits each, {@link #outCount} of them. */
    int outOrder;
    int outCount;
    /** Seats that won, as a bit mask; 0 while the game goes on. */
    int winners;

    // undo stack
    private int ply;
    private final int[] undoMove = new int[MAX_PLY];
    private final int[] undoVictim = new int[MAX_PLY]; // ctrl | mask << 8 | owner << 16, or -1
    private final int[] undoTurn = new int[MAX_PLY];
    private final int[] undoFromMask = new int[MAX_PLY];
    /** Full copies for the rare moves that eliminate a player; buffers are kept for reuse. */
    private final byte[][] snapshots = new byte[MAX_PLY][];
    private final boolean[] snapshotTaken = new boolean[MAX_PLY];

    PloyState(PloyMode mode, PloyRuleSet rules, Partnership partnership) {
        this.mode = mode;
        this.imperium = rules.quarterTurnsOnly();
        this.keepPieces = mode == PloyMode.TEAMS && partnership == Partnership.THREE_M;
        Arrays.fill(ctrl, OFF);
        for (int c : Points.ALL) {
            ctrl[c] = EMPTY;
        }
        Arrays.fill(commander, -1);
    }

    PloyState copy() {
        PloyState s = new PloyState(mode, imperium ? PloyRuleSet.IMPERIUM : PloyRuleSet.THREE_M,
            keepPieces ? Partnership.THREE_M : Partnership.SEED);
        System.arraycopy(ctrl, 0, s.ctrl, 0, ctrl.length);
        System.arraycopy(mask, 0, s.mask, 0, mask.length);
        System.arraycopy(owner, 0, s.owner, 0, owner.length);
        System.arraycopy(count, 0, s.count, 0, 4);
        System.arraycopy(commander, 0, s.commander, 0, 4);
        s.turn = turn;
        s.outMask = outMask;
        s.outOrder = outOrder;
        s.outCount = outCount;
        s.winners = winners;
        return s;
    }

    /** Puts a piece on an empty playable cell (setting up a position). */
    void put(int cell, int controller, int pieceMask, int pieceOwner) {
        ctrl[cell] = (byte) controller;
        mask[cell] = (byte) pieceMask;
        owner[cell] = (byte) pieceOwner;
        count[controller]++;
        if (COMMANDER[pieceMask]) {
            commander[controller] = cell;
        }
    }

    // ------------------------------------------------------------------ queries

    boolean over() {
        return winners != 0;
    }

    boolean isOut(int seat) {
        return (outMask & (1 << seat)) != 0;
    }

    /** The seat that makes the move on the current turn (a partner may play an out or empty seat). */
    int actor() {
        if (mode != PloyMode.TEAMS) {
            return turn;
        }
        if (keepPieces) {
            return count[turn] > 0 ? turn : turn ^ 2;
        }
        return isOut(turn) ? turn ^ 2 : turn;
    }

    /** True when a piece of {@code other} may be captured by {@code seat}. */
    boolean enemies(int seat, int other) {
        return other != seat && (mode != PloyMode.TEAMS || ((other ^ seat) & 1) != 0);
    }

    static int from(int move) {
        return move & 0x7F;
    }

    static int to(int move) {
        return (move >>> 7) & 0x7F;
    }

    static int newMask(int move) {
        return (move >>> 14) & 0xFF;
    }

    static boolean isCapture(int move) {
        return (move & (1 << 22)) != 0;
    }

    static int encode(int from, int to, int newMask, boolean capture) {
        return from | to << 7 | newMask << 14 | (capture ? 1 << 22 : 0);
    }

    // ------------------------------------------------------------------ make / unmake

    /** Plays a move produced by {@link PloyMoveGenerator#generate} for this state. */
    void make(int move) {
        int from = from(move);
        int to = to(move);
        int p = ply++;
        undoMove[p] = move;
        undoTurn[p] = turn;
        undoFromMask[p] = mask[from];
        if (from == to) {
            mask[from] = (byte) newMask(move);
            advance();
            return;
        }
        int victim = ctrl[to];
        boolean eliminates = victim >= 0 && !isOut(victim)
            && (COMMANDER[mask[to] & 0xFF] || (count[victim] == 2 && commander[victim] >= 0));
        snapshotTaken[p] = eliminates;
        if (eliminates) {
            snapshot(p);
        }
        undoVictim[p] = victim < 0 ? -1 : (victim & 0xFF) | (mask[to] & 0xFF) << 8 | (owner[to] & 0xFF) << 16;
        int a = ctrl[from];
        if (victim >= 0) {
            count[victim]--;
            if (commander[victim] == to) {
                commander[victim] = -1;
            }
        }
        ctrl[to] = (byte) a;
        mask[to] = (byte) newMask(move);
        owner[to] = owner[from];
        ctrl[from] = EMPTY;
        if (commander[a] == from) {
            commander[a] = to;
        }
        if (eliminates) {
            eliminate(victim, a, commander[victim] < 0);
        }
        advance();
    }

    /** Takes back the last move made. */
    void unmake() {
        int p = --ply;
        int move = undoMove[p];
        int from = from(move);
        int to = to(move);
        if (from == to) {
            mask[from] = (byte) undoFromMask[p];
            turn = undoTurn[p];
            return;
        }
        if (snapshotTaken[p]) {
            restore(p);
            return;
        }
        int a = ctrl[to];
        ctrl[from] = (byte) a;
        mask[from] = (byte) undoFromMask[p];
        owner[from] = owner[to];
        if (commander[a] == to) {
            commander[a] = from;
        }
        int v = undoVictim[p];
        if (v < 0) {
            ctrl[to] = EMPTY;
        } else {
            int victim = v & 0xFF;
            ctrl[to] = (byte) victim;
            mask[to] = (byte) (v >>> 8);
            owner[to] = (byte) (v >>> 16);
            count[victim]++;
            if (COMMANDER[(v >>> 8) & 0xFF]) {
                commander[victim] = to;
            }
        }
        turn = undoTurn[p];
    }

    private void eliminate(int seat, int captor, boolean commanderCaptured) {
        outMask |= 1 << seat;
        outOrder |= seat << (2 * outCount);
        outCount++;
        if (mode == PloyMode.TWO_PLAYER) {
            winners = 1 << (seat ^ 1);
            return;
        }
        if (!commanderCaptured) {
            int c = commander[seat]; // the bare Commander leaves the board
            ctrl[c] = EMPTY;
            count[seat]--;
            commander[seat] = -1;
        }
        if (mode == PloyMode.FREE_FOR_ALL) {
            if (commanderCaptured) {
                transfer(seat, captor);
            }
            if (outCount == 3) {
                winners = ~outMask & 0xF;
            }
            return;
        }
        int partner = seat ^ 2;
        if (isOut(partner)) {
            winners = (1 << (seat ^ 1)) | (1 << (seat ^ 3));
        } else if (commanderCaptured && !keepPieces) {
            transfer(seat, partner);
        }
    }

    /**
     * Takes a free-for-all player out of the game without a capture (resignation or time): its pieces leave
     * the board — nobody takes them over, as with a bare Commander — and its turns are skipped. Not for use
     * between {@link #make} and {@link #unmake}.
     */
    void removeSeat(int seat) {
        outMask |= 1 << seat;
        outOrder |= seat << (2 * outCount);
        outCount++;
        for (int c : Points.ALL) {
            if (ctrl[c] == seat) {
                ctrl[c] = EMPTY;
            }
        }
        count[seat] = 0;
        commander[seat] = -1;
        if (outCount == 3) {
            winners = ~outMask & 0xF;
        } else if (turn == seat) {
            advance();
        }
    }

    private void transfer(int from, int to) {
        for (int c : Points.ALL) {
            if (ctrl[c] == from) {
                ctrl[c] = (byte) to;
            }
        }
        count[to] += count[from];
        count[from] = 0;
    }

    private void advance() {
        if (over()) {
            return;
        }
        switch (mode) {
            case TWO_PLAYER -> turn ^= 1;
            case FREE_FOR_ALL -> {
                do {
                    turn = (turn + 1) & 3;
                } while (isOut(turn));
            }
            case TEAMS -> turn = (turn + 1) & 3;
        }
    }

    private void snapshot(int p) {
        byte[] s = snapshots[p];
        if (s == null) {
            s = new byte[3 * Points.CELLS + 32];
        }
        System.arraycopy(ctrl, 0, s, 0, Points.CELLS);
        System.arraycopy(mask, 0, s, Points.CELLS, Points.CELLS);
        System.arraycopy(owner, 0, s, 2 * Points.CELLS, Points.CELLS);
        int o = 3 * Points.CELLS;
        for (int i = 0; i < 4; i++) {
            s[o + i] = (byte) count[i];
            s[o + 4 + i] = (byte) commander[i];
        }
        s[o + 8] = (byte) outMask;
        s[o + 9] = (byte) outOrder;
        s[o + 10] = (byte) outCount;
        s[o + 11] = (byte) winners;
        snapshots[p] = s;
    }

    private void restore(int p) {
        byte[] s = snapshots[p];
        System.arraycopy(s, 0, ctrl, 0, Points.CELLS);
        System.arraycopy(s, Points.CELLS, mask, 0, Points.CELLS);
        System.arraycopy(s, 2 * Points.CELLS, owner, 0, Points.CELLS);
        int o = 3 * Points.CELLS;
        for (int i = 0; i < 4; i++) {
            count[i] = s[o + i];
            commander[i] = s[o + 4 + i];
        }
        outMask = s[o + 8];
        outOrder = s[o + 9] & 0xFF;
        outCount = s[o + 10];
        winners = s[o + 11];
        turn = undoTurn[p];
    }
}
