package com.plyyard.engine.draughts;

/**
 * Legal-move generator for one rule set, on bitboards (see {@link Squares}).
 *
 * <p>Captures are compulsory and searched to the end of every sequence; only the sequences with the
 * most captured pieces are kept (under {@code plyyard}, then those with the most captured kings).
 * Two sequences with the same from, to and captured set are one move. The capturing piece is lifted
 * for the whole sequence, so it can pass over and land on its own starting square. Under {@code fmjd}
 * captured pieces stay on the board until the sequence ends (they block and cannot be jumped twice);
 * under {@code plyyard} their squares are empty at once.
 *
 * <p>Not thread-safe: the capture search keeps its state in fields. Allocation-free unless path
 * recording is on (the notation layer turns it on; perft and search never do).
 */
public final class DraughtsMoveGenerator {
    private static final long BOARD = Squares.BOARD;

    private final boolean removesImmediately;
    private final boolean kingPriority;

    // capture-search state for the generate() call in progress
    private MoveList out;
    private long opponent;
    private long opponentKings;
    private int fromBit;
    private int bestCount;
    private int bestKings;
    private boolean pathMode;
    private final int[] pathStack = new int[64];

    public DraughtsMoveGenerator(DraughtsRuleSet rules) {
        this.removesImmediately = rules.removesImmediately();
        this.kingPriority = rules.kingPriority();
    }

    /** Generates the legal moves of the side to move of a board. */
    public void generate(DraughtsState board, MoveList list) {
        boolean white = board.whiteToMove();
        generate(white ? board.white() : board.black(), white ? board.black() : board.white(), board.kings(), white, list);
    }

    /**
     * Generates the legal moves of {@code own} against {@code opp} into {@code list} (cleared first).
     *
     * @param white true when {@code own} are White's pieces (men move up)
     */
    public void generate(long own, long opp, long kings, boolean white, MoveList list) {
        list.clear();
        long empty = ~(own | opp) & BOARD;
        long ownMen = own & ~kings;
        long ownKings = own & kings;

        // captures first: if there is any, no quiet move is legal
        long manCapturers = (ownMen & Squares.shift(opp, 6) & Squares.shift(empty, 12))
            | (ownMen & Squares.shift(opp, 5) & Squares.shift(empty, 10))
            | (ownMen & Squares.shift(opp, -5) & Squares.shift(empty, -10))
            | (ownMen & Squares.shift(opp, -6) & Squares.shift(empty, -12));
        if (manCapturers != 0 || ownKings != 0) {
            out = list;
            opponent = opp;
            opponentKings = opp & kings;
            bestCount = 0;
            bestKings = 0;
            pathMode = list.recordsPaths();
            for (long m = manCapturers; m != 0; m &= m - 1) {
                int b = Long.numberOfTrailingZeros(m);
                fromBit = b;
                manCaptures(b, 0L, 0, 0, empty | (1L << b));
            }
            for (long m = ownKings; m != 0; m &= m - 1) {
                int b = Long.numberOfTrailingZeros(m);
                fromBit = b;
                kingCaptures(b, 0L, 0, 0, empty | (1L << b), 0);
            }
            out = null;
            if (list.size() > 0) {
                return;
            }
        }

        // quiet man moves: one step forward
        if (white) {
            addSteps(list, ownMen & Squares.shift(empty, 6), -6);
            addSteps(list, ownMen & Squares.shift(empty, 5), -5);
        } else {
            addSteps(list, ownMen & Squares.shift(empty, -5), 5);
            addSteps(list, ownMen & Squares.shift(empty, -6), 6);
        }
        // quiet king moves: any distance along an empty diagonal
        for (long m = ownKings; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            long from = 1L << b;
            for (int d : Squares.DIRECTIONS) {
                long t = Squares.shift(from, d) & empty;
                while (t != 0) {
                    addQuiet(list, b, Long.numberOfTrailingZeros(t));
                    t = Squares.shift(t, d) & empty;
                }
            }
        }
    }

    private void addSteps(MoveList list, long movers, int direction) {
        for (long m = movers; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            addQuiet(list, b, b + direction);
        }
    }

    private static void addQuiet(MoveList list, int from, int to) {
        list.add(from, to, 0L);
        if (list.recordsPaths()) {
            list.addPath(list.size() - 1, new int[] {to});
        }
    }

    /** A man on bit {@code sq} continues a sequence that has captured {@code captured} so far. */
    private void manCaptures(int sq, long captured, int count, int kingsTaken, long empty) {
        long here = 1L << sq;
        long available = opponent & ~captured;
        boolean continued = false;
        for (int d : Squares.DIRECTIONS) {
            long victim = Squares.shift(here, d) & available;
            if (victim == 0) {
                continue;
            }
            long after = removesImmediately ? empty | victim : empty;
            long land = Squares.shift(victim, d) & after;
            if (land == 0) {
                continue;
            }
            continued = true;
            int landBit = sq + 2 * d;
            if (pathMode) {
                pathStack[count] = landBit;
            }
            manCaptures(landBit, captured | victim, count + 1,
                kingsTaken + ((victim & opponentKings) != 0 ? 1 : 0), after);
        }
        if (!continued && count > 0) {
            record(sq, captured, count, kingsTaken);
        }
    }

    /**
     * A king on bit {@code sq} continues a sequence; {@code lastDirection} is the direction of the
     * previous jump (0 at the start).
     */
    private void kingCaptures(int sq, long captured, int count, int kingsTaken, long empty, int lastDirection) {
        long here = 1L << sq;
        long available = opponent & ~captured;
        boolean continued = false;
        for (int d : Squares.DIRECTIONS) {
            if (d == -lastDirection && !removesImmediately) {
                continue; // the piece just jumped still stands behind us and blocks the way back
            }
            long t = Squares.shift(here, d);
            while ((t & empty) != 0) {
                t = Squares.shift(t, d);
            }
            long victim = t & available;
            if (victim == 0) {
                continue;
            }
            long after = removesImmediately ? empty | victim : empty;
            long land = Squares.shift(victim, d) & after;
            if (land == 0) {
                continue;
            }
            continued = true;
            long nowCaptured = captured | victim;
            int nowKings = kingsTaken + ((victim & opponentKings) != 0 ? 1 : 0);
            while (land != 0) {
                int landBit = Long.numberOfTrailingZeros(land);
                if (pathMode) {
                    pathStack[count] = landBit;
                }
                kingCaptures(landBit, nowCaptured, count + 1, nowKings, after, d);
                land = Squares.shift(land, d) & after;
            }
        }
        if (!continued && count > 0) {
            record(sq, captured, count, kingsTaken);
        }
    }

    /** A finished sequence: keep it if the majority rule allows, once per identity. */
    private void record(int toBit, long captured, int count, int kingsTaken) {
        if (count < bestCount || (count == bestCount && kingPriority && kingsTaken < bestKings)) {
            return;
        }
        if (count > bestCount || (kingPriority && kingsTaken > bestKings)) {
            out.clear();
            bestCount = count;
            bestKings = kingsTaken;
        } else if (count >= 2) {
            int existing = out.indexOf(fromBit, toBit, captured);
            if (existing >= 0) {
                if (pathMode) {
                    out.addPath(existing, java.util.Arrays.copyOf(pathStack, count));
                }
                return;
            }
        }
        out.add(fromBit, toBit, captured);
        if (pathMode) {
            out.addPath(out.size() - 1, java.util.Arrays.copyOf(pathStack, count));
        }
    }
}
