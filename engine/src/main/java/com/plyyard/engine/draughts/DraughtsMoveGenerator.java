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
        // captures first: if there is any, no quiet move is legal
        if (generateCaptures(own, opp, kings, list)) {
            return;
        }
        long empty = ~(own | opp) & BOARD;
        long ownMen = own & ~kings;
        long ownKings = own & kings;

        // quiet man moves: one step forward
        if (white) {
            list.addSteps(ownMen & Squares.shift(empty, 6), -6);
            list.addSteps(ownMen & Squares.shift(empty, 5), -5);
        } else {
            list.addSteps(ownMen & Squares.shift(empty, -5), 5);
            list.addSteps(ownMen & Squares.shift(empty, -6), 6);
        }
        // quiet king moves: any distance along an empty diagonal, nearest square first
        long occupied = own | opp;
        for (long m = ownKings; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            for (int i = 0; i < 4; i++) {
                list.addTargets(b, reach(i, b, occupied), i < 2);
            }
        }
        if (list.recordsPaths()) {
            for (int i = 0; i < list.size(); i++) {
                list.addPath(i, new int[] {list.toBit(i)});
            }
        }
    }

    /**
     * Generates the legal captures of {@code own} against {@code opp} into {@code list} (cleared first): the
     * sequences the majority rule keeps. False, with the list left empty, when there is no capture — then the
     * quiet moves are the legal ones ({@link DraughtsPerft} steps them without a list).
     */
    boolean generateCaptures(long own, long opp, long kings, MoveList list) {
        list.clear();
        long empty = ~(own | opp) & BOARD;
        long manCapturers = manCapturers(own & ~kings, opp, empty);
        long ownKings = own & kings;
        return (manCapturers != 0 || ownKings != 0) && searchCaptures(manCapturers, ownKings, opp, kings, empty, list);
    }

    /** The men of {@code ownMen} that have a first jump: an opponent's piece next to them, an empty square behind. */
    static long manCapturers(long ownMen, long opp, long empty) {
        return (ownMen & Squares.shift(opp, 6) & Squares.shift(empty, 12))
            | (ownMen & Squares.shift(opp, 5) & Squares.shift(empty, 10))
            | (ownMen & Squares.shift(opp, -5) & Squares.shift(empty, -10))
            | (ownMen & Squares.shift(opp, -6) & Squares.shift(empty, -12));
    }

    /**
     * Appends the captures of {@code manCapturers} and {@code ownKings} to an empty {@code list}, the majority rule
     * applied; true if there is one. Kings are searched even without a neighbour, since they capture from afar.
     */
    boolean searchCaptures(long manCapturers, long ownKings, long opp, long kings, long empty, MoveList list) {
        out = list;
        opponent = opp;
        opponentKings = opp & kings;
        bestCount = 0;
        bestKings = 0;
        pathMode = list.recordsPaths();
        for (long m = manCapturers; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            fromBit = b;
            manJumps(b, 0L, 0, 0, empty | (1L << b)); // the first jump; manJump goes on only where there are more
        }
        for (long m = ownKings; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            fromBit = b;
            kingCaptures(b, 0L, 0, 0, empty | (1L << b), -1);
        }
        out = null;
        return list.size() > 0;
    }

    /**
     * The empty squares a king on bit {@code b} reaches in direction {@code DIRECTIONS[i]} before the first piece
     * of {@code occupied} (ray tables of {@link Squares}; the up directions run towards lower bits).
     */
    static long reach(int i, int b, long occupied) {
        long ray = Squares.RAYS[i][b];
        long blockers = ray & occupied;
        if (blockers == 0) {
            return ray;
        }
        return i < 2 ? ray & -(Long.highestOneBit(blockers) << 1) : ray & (Long.lowestOneBit(blockers) - 1);
    }

    /** The first piece of {@code occupied} a king on bit {@code b} meets in direction {@code DIRECTIONS[i]}, or 0. */
    private static long firstPiece(int i, int b, long occupied) {
        long blockers = Squares.RAYS[i][b] & occupied;
        return i < 2 ? Long.highestOneBit(blockers) : Long.lowestOneBit(blockers);
    }

    /** A man on bit {@code sq} continues a sequence that has captured {@code captured} so far. */
    private void manCaptures(int sq, long captured, int count, int kingsTaken, long empty) {
        if (!manJumps(sq, captured, count, kingsTaken, empty) && count > 0) {
            record(sq, captured, count, kingsTaken);
        }
    }

    /** Every jump of a man on bit {@code sq}, each followed to the sequence's end; true if there was one. */
    private boolean manJumps(int sq, long captured, int count, int kingsTaken, long empty) {
        long here = 1L << sq;
        long available = opponent & ~captured;
        // the four directions spelt out: constant shifts, no loop over a direction table
        return manJump(here >>> 6, here >>> 12, sq - 12, captured, count, kingsTaken, empty, available)
            | manJump(here >>> 5, here >>> 10, sq - 10, captured, count, kingsTaken, empty, available)
            | manJump(here << 5, here << 10, sq + 10, captured, count, kingsTaken, empty, available)
            | manJump(here << 6, here << 12, sq + 12, captured, count, kingsTaken, empty, available);
    }

    /** One man jump over {@code over} to {@code land} (bit {@code landBit}) if both fit; true if it was made. */
    private boolean manJump(long over, long land, int landBit, long captured, int count, int kingsTaken, long empty,
                            long available) {
        long victim = over & available;
        if (victim == 0) {
            return false;
        }
        long after = removesImmediately ? empty | victim : empty;
        if ((land & after) == 0) {
            return false;
        }
        if (pathMode) {
            pathStack[count] = landBit;
        }
        long nowCaptured = captured | victim;
        int nowKings = kingsTaken + ((victim & opponentKings) != 0 ? 1 : 0);
        // most sequences end here: test the four next jumps at once and only recurse when one exists
        long left = available & ~victim;
        long next = (((land >>> 6) & left) >>> 6 | ((land >>> 5) & left) >>> 5
            | ((land << 5) & left) << 5 | ((land << 6) & left) << 6) & after;
        if (next == 0) {
            record(landBit, nowCaptured, count + 1, nowKings);
        } else {
            manCaptures(landBit, nowCaptured, count + 1, nowKings, after);
        }
        return true;
    }

    /**
     * A king on bit {@code sq} continues a sequence; {@code lastDirection} is the index of the previous jump's
     * direction (-1 at the start).
     */
    private void kingCaptures(int sq, long captured, int count, int kingsTaken, long empty, int lastDirection) {
        long available = opponent & ~captured;
        long occupied = ~empty & BOARD;
        boolean continued = false;
        for (int i = 0; i < 4; i++) {
            if (i == 3 - lastDirection && !removesImmediately) {
                continue; // the piece just jumped still stands behind us and blocks the way back
            }
            long victim = firstPiece(i, sq, occupied) & available;
            if (victim == 0) {
                continue;
            }
            long after = removesImmediately ? empty | victim : empty;
            int victimBit = Long.numberOfTrailingZeros(victim);
            long land = reach(i, victimBit, ~after & BOARD);
            if (land == 0) {
                continue;
            }
            continued = true;
            long nowCaptured = captured | victim;
            int nowKings = kingsTaken + ((victim & opponentKings) != 0 ? 1 : 0);
            // nearest landing square first, as a player reads the move
            while (land != 0) {
                long next = i < 2 ? Long.highestOneBit(land) : Long.lowestOneBit(land);
                land ^= next;
                int landBit = Long.numberOfTrailingZeros(next);
                if (pathMode) {
                    pathStack[count] = landBit;
                }
                kingCaptures(landBit, nowCaptured, count + 1, nowKings, after, i);
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
