package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.TablebaseHome;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Endgame tables of one draughts rule set: the exact value of every position with at most {@link #pieces()} pieces,
 * as the distance in plies to the end of the game under the move rules alone (the side to move wins in d plies when
 * d is odd, loses in d when d is even; or draws: neither side can force an end). The draw-by-count rules are left to
 * whoever reads the table ({@link DraughtsSearchBoard#tableScore}), because they depend on history a position does not
 * hold.
 *
 * <p>Layout: only White to move is stored; a position with Black to move is read as its mirror (the board turned
 * half-way round, square s to 51 − s, the colours swapped). Positions are grouped by material — White's men, White's
 * kings, Black's men, Black's kings — and within a group numbered by the combinatorial number system, each kind of
 * piece over its own squares (men never stand on their own promotion row), the last kind varying fastest. Numbers
 * whose pieces share a square are kept as {@link #INVALID} so that the numbering needs no correction.
 *
 * <p>Solving: material groups in order of fewer pieces, then fewer men, so that what a capture or a promotion leads to
 * is already solved. Within a group (and its colour mirror, which a quiet move leads to) pass k finds the positions
 * decided in exactly k plies: won when a move leads to a loss in k − 1, lost when every move leads to a win and the
 * longest in k − 1. A pass looks only at what can have changed: the positions one quiet move before those the last
 * pass decided (found by moving Black's pieces back), and those whose move out of the group ends in k − 1 (noted
 * when the first pass went over every position). Whatever is open when nothing is left to look at is a draw.
 */
public final class DraughtsTablebase {
    /** The most pieces a table may hold: five take 1.45 GB of heap, to build and to play with. */
    public static final int MAX_PIECES = 5;
    /** What {@link #probe} answers for a position the table does not hold. */
    public static final int NOT_HELD = -1;
    static final byte INVALID = (byte) 255;
    private static final int MAGIC = 0x504c4454; // "PLDT"
    private static final int VERSION = 1;
    private static final int LONGEST = 253; // d + 1 must fit below INVALID
    private static final int CHUNK = 1 << 14;

    /** The squares (as bits) each kind of piece may stand on, in the order pieces are numbered by. */
    private static final int[] WHITE_MAN_BITS = bits(6, 50);
    private static final int[] KING_BITS = bits(1, 50);
    private static final int[] BLACK_MAN_BITS = bits(1, 45);
    /** Place of a bit among each kind's squares, or -1. */
    private static final int[] WHITE_MAN_PLACE = places(WHITE_MAN_BITS);
    private static final int[] KING_PLACE = places(KING_BITS);
    private static final int[] BLACK_MAN_PLACE = places(BLACK_MAN_BITS);
    private static final int[] MIRROR = new int[64];
    private static final long[][] BINOMIAL = new long[51][MAX_PIECES + 1];

    static {
        for (int s = 1; s <= 50; s++) {
            MIRROR[Squares.bit(s)] = Squares.bit(51 - s);
        }
        for (int n = 0; n <= 50; n++) {
            BINOMIAL[n][0] = 1;
            for (int k = 1; k <= MAX_PIECES; k++) {
                BINOMIAL[n][k] = n == 0 ? 0 : BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k];
            }
        }
    }

    private final DraughtsRuleSet ruleSet;
    private final int pieces;
    /** Values by material code ({@link #code}); null for material the table does not hold. */
    private final byte[][] values;

    private DraughtsTablebase(DraughtsRuleSet ruleSet, int pieces, byte[][] values) {
        this.ruleSet = ruleSet;
        this.pieces = pieces;
        this.values = values;
    }

    public DraughtsRuleSet ruleSet() {
        return ruleSet;
    }

    /** The most pieces (both sides, men and kings) of a position the table holds. */
    public int pieces() {
        return pieces;
    }

    // ---- reading -------------------------------------------------------------------------------------------------

    /**
     * The raw value of a position: 0 a draw, d + 1 for a game that ends in d plies (won by the side to move when d is
     * odd, lost when even), or {@link #NOT_HELD} when the position has more pieces than the table or a side has none.
     */
    public int probe(long white, long black, long kings, boolean whiteToMove) {
        if (Long.bitCount(white | black) > pieces || white == 0 || black == 0) {
            return NOT_HELD;
        }
        if (whiteToMove) {
            return value(white, black, kings);
        }
        return value(mirror(black), mirror(white), mirror(kings));
    }

    /** The raw value of a board (as {@link #probe(long, long, long, boolean)}). */
    public int probe(DraughtsState board) {
        return probe(board.white(), board.black(), board.kings(), board.whiteToMove());
    }

    /**
     * The moves of a position the table holds that keep its value by the move rules alone: for a win those that win
     * soonest, for a loss those that lose latest, for a draw every drawing move; in the position's move order.
     *
     * @throws InvalidInputException if the table does not hold the position, or it has no move
     */
    public List<DraughtsMove> bestMoves(DraughtsPosition position) {
        DraughtsState board = position.state();
        int raw = probe(board);
        if (raw == NOT_HELD) {
            throw new InvalidInputException("The table of " + pieces + " pieces does not hold a position of "
                + board.count(true) + " + " + board.count(false) + " pieces.");
        }
        List<DraughtsMove> moves = position.legalMovesIgnoringDraws();
        if (moves.isEmpty()) {
            throw new InvalidInputException("The side to move has no move: the game is over.");
        }
        List<DraughtsMove> best = new ArrayList<>();
        for (DraughtsMove move : moves) {
            DraughtsState next = Moves.apply(board, move);
            int child = next.count(next.whiteToMove()) == 0 ? 1 : probe(next); // no pieces left: lost at once
            boolean keeps = raw == 0 ? child == 0 : child > 0 && plies(child) + 1 == plies(raw);
            if (keeps) {
                best.add(move);
            }
        }
        return best;
    }

    /** True when a raw value {@link #probe} gave is a win for the side to move. */
    public static boolean isWin(int raw) {
        return raw > 0 && (raw - 1) % 2 == 1;
    }

    /** True when a raw value is a loss for the side to move. */
    public static boolean isLoss(int raw) {
        return raw > 0 && (raw - 1) % 2 == 0;
    }

    /** Plies to the end of a won or lost game, from a raw value. */
    public static int plies(int raw) {
        return raw - 1;
    }

    /** The value of a position with White to move whose material the table holds. */
    private int value(long white, long black, long kings) {
        byte[] table = values[code(white, black, kings)];
        return table[(int) index(white, black, kings)] & 0xFF;
    }

    private static int code(long white, long black, long kings) {
        return code(Long.bitCount(white & ~kings), Long.bitCount(white & kings), Long.bitCount(black & ~kings),
            Long.bitCount(black & kings));
    }

    private static int code(int whiteMen, int whiteKings, int blackMen, int blackKings) {
        return ((whiteMen * 6 + whiteKings) * 6 + blackMen) * 6 + blackKings;
    }

    /** The position's number within its material group. */
    private static long index(long white, long black, long kings) {
        long whiteKings = white & kings;
        long blackKings = black & kings;
        int bk = Long.bitCount(blackKings);
        int bm = Long.bitCount(black & ~kings);
        int wk = Long.bitCount(whiteKings);
        long i = rank(white & ~kings, WHITE_MAN_PLACE);
        i = i * BINOMIAL[50][wk] + rank(whiteKings, KING_PLACE);
        i = i * BINOMIAL[45][bm] + rank(black & ~kings, BLACK_MAN_PLACE);
        return i * BINOMIAL[50][bk] + rank(blackKings, KING_PLACE);
    }

    /** Combinatorial rank of a set of pieces among their kind's squares (lowest square first). */
    private static long rank(long mask, int[] place) {
        long r = 0;
        int k = 1;
        for (long m = mask; m != 0; m &= m - 1, k++) {
            r += BINOMIAL[place[Long.numberOfTrailingZeros(m)]][k];
        }
        return r;
    }

    /** The board turned half-way round: square s to 51 − s. */
    static long mirror(long mask) {
        long out = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            out |= 1L << MIRROR[Long.numberOfTrailingZeros(m)];
        }
        return out;
    }

    // ---- statistics -------------------------------------------------------------------------------------------

    /** What the table holds, over every position with White to move (Black's are their mirrors). */
    public record Statistics(long positions, long wins, long draws, long losses, int longestWin) {
    }

    public Statistics statistics() {
        long wins = 0;
        long draws = 0;
        long losses = 0;
        int longest = 0;
        for (byte[] table : values) {
            if (table == null) {
                continue;
            }
            for (byte b : table) {
                int v = b & 0xFF;
                if (b == INVALID) {
                    continue;
                }
                if (v == 0) {
                    draws++;
                } else if (isWin(v)) {
                    wins++;
                    longest = Math.max(longest, plies(v));
                } else {
                    losses++;
                }
            }
        }
        return new Statistics(wins + draws + losses, wins, draws, losses, longest);
    }

    // ---- building -----------------------------------------------------------------------------------------------

    /** One material group: how many of each kind, and how many numbers its positions take. */
    record Material(int whiteMen, int whiteKings, int blackMen, int blackKings) {
        long size() {
            return BINOMIAL[45][whiteMen] * BINOMIAL[50][whiteKings] * BINOMIAL[45][blackMen] * BINOMIAL[50][blackKings];
        }

        int code() {
            return DraughtsTablebase.code(whiteMen, whiteKings, blackMen, blackKings);
        }

        Material mirrored() {
            return new Material(blackMen, blackKings, whiteMen, whiteKings);
        }

        int pieces() {
            return whiteMen + whiteKings + blackMen + blackKings;
        }
    }

    /** Every material group of at most {@code pieces} pieces with a piece on each side, in the order they are solved. */
    static List<Material> materials(int pieces) {
        List<Material> out = new ArrayList<>();
        for (int n = 2; n <= pieces; n++) {
            for (int men = 0; men <= n; men++) {
                for (int white = 1; white < n; white++) {
                    for (int wm = 0; wm <= Math.min(white, men); wm++) {
                        int bm = men - wm;
                        if (bm > n - white) {
                            continue;
                        }
                        out.add(new Material(wm, white - wm, bm, n - white - bm));
                    }
                }
            }
        }
        return out;
    }

    /** Positions (numbers, White to move) a table of {@code pieces} pieces holds. */
    public static long positions(int pieces) {
        checkPieces(pieces);
        return materials(pieces).stream().mapToLong(Material::size).sum();
    }

    /**
     * Heap a build needs: a byte per position, and for the largest material with its mirror a byte per position (the
     * first pass's notes) and two bits (what the last pass decided, what the next looks at); and a margin.
     */
    public static long heapNeeded(int pieces) {
        long largestGroup = materials(pieces).stream()
            .mapToLong(m -> m.size() + (m.mirrored().equals(m) ? 0 : m.mirrored().size())).max().orElse(0);
        return positions(pieces) + largestGroup + largestGroup / 4 + 64L * 1024 * 1024;
    }

    private static void checkPieces(int pieces) {
        if (pieces < 2 || pieces > MAX_PIECES) {
            throw new InvalidInputException("A draughts table holds 2 to " + MAX_PIECES + " pieces, not " + pieces + ".");
        }
    }

    /**
     * Solves every position of up to {@code pieces} pieces.
     *
     * @param progress hears how many of the {@link #positions} numbers are solved, after each material group
     */
    public static DraughtsTablebase build(DraughtsRuleSet ruleSet, int pieces, int threads, LongConsumer progress) {
        checkPieces(pieces);
        if (threads < 1) {
            throw new InvalidInputException("A build needs at least one thread, not " + threads + ".");
        }
        byte[][] values = new byte[6 * 6 * 6 * 6][];
        DraughtsTablebase table = new DraughtsTablebase(ruleSet, pieces, values);
        long solved = 0;
        for (Material m : materials(pieces)) {
            if (values[m.code()] != null) {
                continue; // solved with its mirror
            }
            values[m.code()] = new byte[Math.toIntExact(m.size())];
            Material mirror = m.mirrored();
            values[mirror.code()] = mirror.equals(m) ? values[m.code()] : new byte[Math.toIntExact(mirror.size())];
            List<Material> group = mirror.equals(m) ? List.of(m) : List.of(m, mirror);
            table.solve(group, threads);
            solved += group.stream().mapToLong(Material::size).sum();
            progress.accept(solved);
        }
        return table;
    }

    /**
     * Solves one material group and its mirror, pass by pass. Pass 0 examines every position: it finds those with no
     * move, and notes in {@code wake} the pass at which a move out of the group (a capture, a promotion) can decide
     * it — one ply after its quickest loss for the opponent, or, when it has none, after its longest win. Pass k then
     * examines only the positions woken for k and the predecessors (by a quiet move) of those pass k − 1 decided:
     * nothing else can change.
     */
    private void solve(List<Material> group, int threads) {
        long[] starts = new long[group.size() + 1];
        for (int i = 0; i < group.size(); i++) {
            starts[i + 1] = starts[i] + group.get(i).size();
        }
        long total = starts[group.size()];
        byte[] wake = new byte[Math.toIntExact(total)];
        long[] frontier = new long[(int) ((total + 63) >>> 6)];
        int chunks = (int) ((total + CHUNK - 1) / CHUNK);
        int lastWake = 0;
        for (int k = 0; ; k++) {
            if (k > LONGEST) {
                throw new IllegalStateException("a game in the table lasts more than " + LONGEST + " plies");
            }
            int pass = k;
            long[] current = frontier;
            long[] next = new long[current.length];
            AtomicInteger nextChunk = new AtomicInteger();
            AtomicLong decided = new AtomicLong();
            AtomicInteger latestWake = new AtomicInteger();
            Runnable worker = () -> {
                Solver solver = new Solver(group, starts, wake, current, next);
                int latest = 0;
                for (int c = nextChunk.getAndIncrement(); c < chunks; c = nextChunk.getAndIncrement()) {
                    long from = (long) c * CHUNK;
                    decided.addAndGet(solver.pass(from, Math.min(total, from + CHUNK), pass));
                }
                latestWake.accumulateAndGet(solver.latestWake, Math::max);
            };
            runOnThreads(worker, threads);
            lastWake = Math.max(lastWake, latestWake.get());
            if (decided.get() == 0 && k >= lastWake && isEmpty(next)) {
                return;
            }
            frontier = next;
        }
    }

    private static void runOnThreads(Runnable worker, int threads) {
        List<Thread> started = new ArrayList<>();
        for (int t = 1; t < threads; t++) {
            Thread thread = new Thread(worker, "plyyard-draughts-tablebase-" + t);
            thread.start();
            started.add(thread);
        }
        worker.run();
        for (Thread thread : started) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while building a draughts table", e);
            }
        }
    }

    private static boolean isEmpty(long[] bits) {
        for (long word : bits) {
            if (word != 0) {
                return false;
            }
        }
        return true;
    }

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    /** One thread's pass over numbers of a group: its own move generator and list, as the generator is not shared. */
    private final class Solver {
        private final List<Material> group;
        private final long[] starts;
        private final byte[] wake;
        private final long[] frontier;
        private final long[] next;
        private final DraughtsMoveGenerator generator = new DraughtsMoveGenerator(ruleSet);
        private final MoveList list = new MoveList();
        /** The latest pass any position examined by this solver asked to be woken at. */
        int latestWake;
        /** Set by {@link #decide} in pass 0: the pass a move out of the group can decide the position at, or 0. */
        private int wakeAt;

        Solver(List<Material> group, long[] starts, byte[] wake, long[] frontier, long[] next) {
            this.group = group;
            this.starts = starts;
            this.wake = wake;
            this.frontier = frontier;
            this.next = next;
        }

        /** Decides what can be decided in exactly {@code k} plies among numbers [from, to); returns how many. */
        long pass(long from, long to, int k) {
            long decided = 0;
            int g = 0;
            while (starts[g + 1] <= from) {
                g++;
            }
            Material m = group.get(g);
            byte[] table = values[m.code()];
            for (long n = from; n < to; n++) {
                if (n >= starts[g + 1]) {
                    g++;
                    m = group.get(g);
                    table = values[m.code()];
                }
                int i = (int) (n - starts[g]);
                if (table[i] != 0) {
                    continue; // decided, or not a position
                }
                if (k > 0 && (frontier[(int) (n >>> 6)] & (1L << n)) == 0 && (wake[(int) n] & 0xFF) != k) {
                    continue; // nothing it depends on has changed
                }
                long white = 0;
                long black = 0;
                long kings = 0;
                long rest = i;
                long size = BINOMIAL[50][m.blackKings()];
                long blackKings = unrank(rest % size, m.blackKings(), KING_BITS);
                rest /= size;
                size = BINOMIAL[45][m.blackMen()];
                black = blackKings | unrank(rest % size, m.blackMen(), BLACK_MAN_BITS);
                rest /= size;
                size = BINOMIAL[50][m.whiteKings()];
                long whiteKings = unrank(rest % size, m.whiteKings(), KING_BITS);
                white = whiteKings | unrank(rest / size, m.whiteMen(), WHITE_MAN_BITS);
                kings = whiteKings | blackKings;
                if (k == 0 && Long.bitCount(white | black) != m.pieces()) {
                    table[i] = INVALID;
                    continue;
                }
                int v = decide(white, black, kings, k);
                if (k == 0 && wakeAt > 0) {
                    wake[(int) n] = (byte) wakeAt;
                    latestWake = Math.max(latestWake, wakeAt);
                }
                if (v != 0) {
                    table[i] = (byte) v;
                    decided++;
                    markPredecessors(white, black, kings, group.size() == 1 ? 0 : 1 - g);
                }
            }
            return decided;
        }

        /**
         * The raw value when the position (White to move) is decided in exactly k plies, else 0. In pass 0 it also
         * sets {@link #wakeAt}.
         */
        private int decide(long white, long black, long kings, int k) {
            generator.generate(white, black, kings, true, list);
            int n = list.size();
            wakeAt = 0;
            if (n == 0) {
                return k == 0 ? 1 : 0; // no move: lost now
            }
            boolean allWin = true;
            int longestWin = -1;
            int quickestOutsideLoss = Integer.MAX_VALUE;
            int longestOutsideWin = -1;
            for (int j = 0; j < n; j++) {
                long from = 1L << list.fromBit(j);
                long to = 1L << list.toBit(j);
                long captured = list.captured(j);
                long newBlack = black & ~captured;
                boolean promotes = (kings & from) == 0 && (to & Squares.WHITE_PROMOTION) != 0;
                int child;
                if (newBlack == 0) {
                    child = 1; // the last piece taken: Black has lost at once
                } else {
                    long newWhite = (white & ~from) | to;
                    long newKings = kings & ~captured;
                    if ((kings & from) != 0) {
                        newKings = (newKings & ~from) | to;
                    } else if (promotes) {
                        newKings |= to;
                    }
                    // Black to move there: read as its mirror with White to move
                    child = value(mirror(newBlack), mirror(newWhite), mirror(newKings));
                }
                if (child == 0) {
                    allWin = false;
                    continue;
                }
                int d = child - 1;
                boolean outside = captured != 0 || promotes;
                if (d % 2 == 0) {
                    if (d + 1 == k) {
                        return k + 1; // the quickest win there is, or it would have been found earlier
                    }
                    allWin = false;
                    if (outside) {
                        quickestOutsideLoss = Math.min(quickestOutsideLoss, d);
                    }
                } else {
                    longestWin = Math.max(longestWin, d);
                    if (outside) {
                        longestOutsideWin = Math.max(longestOutsideWin, d);
                    }
                }
            }
            if (k == 0) {
                wakeAt = quickestOutsideLoss != Integer.MAX_VALUE ? quickestOutsideLoss + 1
                    : longestOutsideWin >= 0 ? longestOutsideWin + 1 : 0;
            }
            return allWin && longestWin + 1 == k ? k + 1 : 0;
        }

        /**
         * Marks for the next pass every position from which Black's quiet move leads here (White to move): Black's
         * man one step back up, or a king back along a diagonal over empty squares. Those have Black to move, so they
         * are read as their mirrors, in the group's material {@code mirrorIndex}.
         */
        private void markPredecessors(long white, long black, long kings, int mirrorIndex) {
            long empty = Squares.BOARD & ~(white | black);
            for (long pieces = black; pieces != 0; pieces &= pieces - 1) {
                long piece = pieces & -pieces;
                boolean king = (kings & piece) != 0;
                for (int direction : Squares.DIRECTIONS) {
                    if (!king && direction > 0) {
                        continue; // Black's men move down: they came from above
                    }
                    for (long origin = Squares.shift(piece, direction) & empty; origin != 0;
                         origin = king ? Squares.shift(origin, direction) & empty : 0) {
                        long before = (black & ~piece) | origin;
                        long beforeKings = king ? (kings & ~piece) | origin : kings;
                        long n = starts[mirrorIndex] + index(mirror(before), mirror(white), mirror(beforeKings));
                        WORDS.getAndBitwiseOr(next, (int) (n >>> 6), 1L << n);
                    }
                }
            }
        }
    }

    /** The squares (as a mask) of the {@code rank}-th set of {@code k} among a kind's squares. */
    private static long unrank(long rank, int k, int[] bits) {
        long mask = 0;
        long r = rank;
        int top = bits.length;
        for (int j = k; j >= 1; j--) {
            int p = j - 1;
            while (p + 1 < top && BINOMIAL[p + 1][j] <= r) {
                p++;
            }
            r -= BINOMIAL[p][j];
            mask |= 1L << bits[p];
            top = p;
        }
        return mask;
    }

    private static int[] bits(int firstSquare, int lastSquare) {
        int[] out = new int[lastSquare - firstSquare + 1];
        for (int s = firstSquare; s <= lastSquare; s++) {
            out[s - firstSquare] = Squares.bit(s);
        }
        return out;
    }

    private static int[] places(int[] bits) {
        int[] out = new int[64];
        java.util.Arrays.fill(out, -1);
        for (int i = 0; i < bits.length; i++) {
            out[bits[i]] = i;
        }
        return out;
    }

    // ---- the tables this JVM plays with ---------------------------------------------------------------------------

    /**
     * System property choosing the tables the engine plays with: {@code off} for none, a folder to read them from, or
     * unset for {@link #defaultDirectory()}.
     */
    public static final String PROPERTY = "plyyard.draughts.tablebase";
    private static final Map<DraughtsRuleSet, Optional<DraughtsTablebase>> PLAYED = new ConcurrentHashMap<>();

    /** The folder of tables when none is given: {@code tablebases/} in the Ply Yard home. */
    public static Path defaultDirectory() {
        return TablebaseHome.directory();
    }

    /**
     * The table the engine of this JVM plays a rule set with: the one of most pieces in the folder {@link #PROPERTY}
     * names, read once; empty when there is none (the search plays alone) or the property is {@code off}.
     */
    public static Optional<DraughtsTablebase> played(DraughtsRuleSet ruleSet) {
        return PLAYED.computeIfAbsent(ruleSet,
            r -> load(r, System.getProperty(PROPERTY, ""), Runtime.getRuntime().maxMemory()));
    }

    /**
     * The table of most pieces that {@code setting} ({@link #PROPERTY}'s value) names and half of {@code heap} holds;
     * a table too large for it, or unreadable, is passed over with a warning.
     */
    static Optional<DraughtsTablebase> load(DraughtsRuleSet ruleSet, String setting, long heap) {
        if (setting.strip().equals("off")) {
            return Optional.empty();
        }
        Path dir = setting.isBlank() ? defaultDirectory() : Path.of(setting.strip());
        System.Logger log = System.getLogger(DraughtsTablebase.class.getName());
        for (int n = MAX_PIECES; n >= 2; n--) {
            Path file = file(dir, ruleSet, n);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            if (positions(n) > heap / 2) {
                // a table held in memory may take half the heap, no more: the search needs the rest
                log.log(System.Logger.Level.WARNING, "Not reading the draughts table " + file + ": it takes "
                    + positions(n) / 1_000_000 + " MB and this JVM has " + heap / 1_000_000 + " MB of heap (give it -Xmx"
                    + (2 * positions(n) / 1_000_000_000 + 1) + "g or more).");
                continue;
            }
            try {
                return Optional.of(open(file, ruleSet));
            } catch (InvalidInputException | UncheckedIOException e) {
                log.log(System.Logger.Level.WARNING, "Playing without the draughts table " + file + ": " + e.getMessage());
            }
        }
        return Optional.empty();
    }

    /** The file of a rule set's table of most pieces in {@code directory}, if there is one. */
    public static Optional<Path> find(Path directory, DraughtsRuleSet ruleSet) {
        for (int n = MAX_PIECES; n >= 2; n--) {
            Path file = file(directory, ruleSet, n);
            if (Files.isRegularFile(file)) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }

    // ---- files --------------------------------------------------------------------------------------------------

    /** The file of a rule set's table of {@code pieces} pieces in {@code directory}. */
    public static Path file(Path directory, DraughtsRuleSet ruleSet, int pieces) {
        return directory.resolve("draughts-" + ruleSet.id() + "-" + pieces + "pieces.dtb");
    }

    /** Writes the table, compressed (to a temporary file first, then moved into place: readers never see half a file). */
    public void save(Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, file.getFileName().toString(), ".part");
            try (OutputStream raw = Files.newOutputStream(temp);
                 DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new GZIPOutputStream(raw, 1 << 16), 1 << 16))) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeUTF(ruleSet.id());
                out.writeInt(pieces);
                for (Material m : materials(pieces)) {
                    out.write(values[m.code()]);
                }
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the draughts table " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a table written by {@link #save}.
     *
     * @throws InvalidInputException if the file is not a table of this rule set (the sentence says what it is)
     */
    public static DraughtsTablebase open(Path file, DraughtsRuleSet ruleSet) {
        try (InputStream raw = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new InvalidInputException(file + " is not a Ply Yard draughts table (version " + VERSION + ").");
            }
            String id = in.readUTF();
            if (!id.equals(ruleSet.id())) {
                throw new InvalidInputException(file + " holds the " + id + " rule set's table, not " + ruleSet.id() + "'s.");
            }
            int pieces = in.readInt();
            checkPieces(pieces);
            byte[][] values = new byte[6 * 6 * 6 * 6][];
            for (Material m : materials(pieces)) {
                byte[] table = new byte[Math.toIntExact(m.size())];
                in.readFully(table);
                values[m.code()] = table;
            }
            return new DraughtsTablebase(ruleSet, pieces, values);
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            throw new InvalidInputException(file + " is cut short or damaged: build the table again.");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the draughts table " + file + ": " + e.getMessage(), e);
        }
    }
}
