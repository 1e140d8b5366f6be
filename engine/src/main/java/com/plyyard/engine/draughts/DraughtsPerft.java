package com.plyyard.engine.draughts;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Leaf counts of the legal-move tree, the standard correctness and speed test of a move generator.
 * Every leaf move is played (no bulk counting at the last ply), so the count measures generation and
 * make-move together. Draw rules do not apply: only the move rules shape the tree.
 */
public final class DraughtsPerft {
    private static final int MAX_DEPTH = 64;

    private final DraughtsMoveGenerator generator;
    private final MoveList[] lists = new MoveList[MAX_DEPTH];
    private BooleanSupplier stop = () -> false;
    /** Folded from every leaf so the JIT cannot drop the work of playing leaf moves. */
    private long sink;

    public DraughtsPerft(DraughtsRuleSet rules) {
        this.generator = new DraughtsMoveGenerator(rules);
        for (int i = 0; i < MAX_DEPTH; i++) {
            lists[i] = new MoveList();
        }
    }

    public long count(DraughtsState board, int depth) {
        return count(board, depth, () -> false);
    }

    /** @throws CancellationException when {@code stop} answers true during the count */
    public long count(DraughtsState board, int depth, BooleanSupplier stop) {
        if (depth < 0 || depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("perft depth must be between 0 and " + (MAX_DEPTH - 1));
        }
        this.stop = stop;
        if (depth == 0) {
            return 1;
        }
        boolean white = board.whiteToMove();
        return white ? count(board.white(), board.black(), board.kings(), true, depth, 0)
            : count(board.black(), board.white(), board.kings(), false, depth, 0);
    }

    /** Value derived from all leaves visited; only there to keep the leaf work observable. */
    public long sink() {
        return sink;
    }

    private long count(long own, long opp, long kings, boolean white, int depth, int ply) {
        if (depth >= 4 && stop.getAsBoolean()) {
            throw new CancellationException("perft stopped");
        }
        long promotion = white ? Squares.WHITE_PROMOTION : Squares.BLACK_PROMOTION;
        long empty = ~(own | opp) & Squares.BOARD;
        long men = own & ~kings;
        long manCapturers = DraughtsMoveGenerator.manCapturers(men, opp, empty);
        if (manCapturers != 0 || (own & kings) != 0) {
            MoveList list = lists[ply];
            list.clear();
            if (generator.searchCaptures(manCapturers, own & kings, opp, kings, empty, list)) {
                return captures(list, own, opp, kings, white, promotion, depth, ply);
            }
        }
        // Quiet moves are stepped straight from the movers' masks, as successors, without a move list: most
        // nodes of the tree have no capture, and writing and reading back a list is most of their cost.
        long nodes;
        if (white) {
            nodes = manSteps(men & Squares.shift(empty, 6), -6, own, opp, kings, promotion, white, depth, ply)
                + manSteps(men & Squares.shift(empty, 5), -5, own, opp, kings, promotion, white, depth, ply);
        } else {
            nodes = manSteps(men & Squares.shift(empty, -5), 5, own, opp, kings, promotion, white, depth, ply)
                + manSteps(men & Squares.shift(empty, -6), 6, own, opp, kings, promotion, white, depth, ply);
        }
        long occupied = own | opp;
        for (long m = own & kings; m != 0; m &= m - 1) {
            long from = m & -m;
            int b = Long.numberOfTrailingZeros(m);
            for (int i = 0; i < 4; i++) {
                nodes += kingSlides(from, DraughtsMoveGenerator.reach(i, b, occupied), own, opp, kings, white, depth,
                    ply);
            }
        }
        return nodes;
    }

    /** Every capture of a generated list, each played. */
    private long captures(MoveList list, long own, long opp, long kings, boolean white, long promotion, int depth,
                          int ply) {
        int n = list.size();
        long nodes = 0;
        long leaves = 0;
        int[] fromTo = list.packedFromTo();
        long[] capturedMasks = list.capturedMasks();
        for (int i = 0; i < n; i++) {
            long from = 1L << (fromTo[i] & 0xFF);
            long to = 1L << (fromTo[i] >>> 8);
            long captured = capturedMasks[i];
            long newOwn = (own & ~from) | to;
            long newOpp = opp & ~captured;
            long newKings = kings & ~captured;
            if ((kings & from) != 0) {
                newKings = (newKings & ~from) | to;
            } else {
                newKings |= to & promotion;
            }
            if (depth == 1) {
                leaves ^= newOwn ^ newOpp ^ newKings;
                nodes++;
            } else {
                nodes += count(newOpp, newOwn, newKings, !white, depth - 1, ply + 1);
            }
        }
        sink += leaves;
        return nodes;
    }

    /** A quiet step of every man in {@code movers} to its bit + {@code step}, each played. */
    private long manSteps(long movers, int step, long own, long opp, long kings, long promotion, boolean white,
                          int depth, int ply) {
        long nodes = 0;
        long leaves = 0;
        for (long m = movers; m != 0; m &= m - 1) {
            long from = m & -m;
            long to = Squares.shift(from, step);
            long newOwn = own ^ (from | to);
            long newKings = kings | (to & promotion);
            if (depth == 1) {
                leaves ^= newOwn ^ newKings;
                nodes++;
            } else {
                nodes += count(opp, newOwn, newKings, !white, depth - 1, ply + 1);
            }
        }
        sink += leaves;
        return nodes;
    }

    /** A king on {@code from} to every square of {@code targets}, each played. */
    private long kingSlides(long from, long targets, long own, long opp, long kings, boolean white, int depth,
                            int ply) {
        long nodes = 0;
        long leaves = 0;
        for (long t = targets; t != 0; t &= t - 1) {
            long move = from | (t & -t);
            long newOwn = own ^ move;
            long newKings = kings ^ move;
            if (depth == 1) {
                leaves ^= newOwn ^ newKings;
                nodes++;
            } else {
                nodes += count(opp, newOwn, newKings, !white, depth - 1, ply + 1);
            }
        }
        sink += leaves;
        return nodes;
    }
}
