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
 * longest in k − 1. Whatever is open when the passes stop finding anything is a draw.
 */
public final class DraughtsTablebase {
    /** The most pieces a table may hold: five already need over a gigabyte of heap to build. */
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

    /** Heap a build needs: a byte per position and the kinds' square sets. */
    public static long heapNeeded(int pieces) {
        return positions(pieces) + 64L * 1024 * 1024;
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
        int[] longest = new int[values.length]; // by material code: the longest game there
        for (Material m : materials(pieces)) {
            if (values[m.code()] != null) {
                continue; // solved with its mirror
            }
            values[m.code()] = new byte[Math.toIntExact(m.size())];
            Material mirror = m.mirrored();
            values[mirror.code()] = mirror.equals(m) ? values[m.code()] : new byte[Math.toIntExact(mirror.size())];
            List<Material> group = mirror.equals(m) ? List.of(m) : List.of(m, mirror);
            int before = Math.max(longestAfterLeaving(m, longest), longestAfterLeaving(mirror, longest));
            int found = table.solve(group, before, threads);
            longest[m.code()] = found;
            longest[mirror.code()] = found;
            solved += group.stream().mapToLong(Material::size).sum();
            progress.accept(solved);
        }
        return table;
    }

    /**
     * The longest game among the materials a move of White's can lead to out of {@code m} (a capture, a promotion, or
     * both): how late a result from outside the group can be learnt inside it.
     */
    private static int longestAfterLeaving(Material m, int[] longest) {
        int out = 0;
        for (int men = 0; men <= m.blackMen(); men++) {
            for (int kings = 0; kings <= m.blackKings(); kings++) {
                for (int promoted = 0; promoted <= Math.min(1, m.whiteMen()); promoted++) {
                    boolean leaves = men + kings + promoted > 0;
                    int blackLeft = m.blackMen() - men + m.blackKings() - kings;
                    if (leaves && blackLeft > 0) {
                        // Black moves next: the material is read as its mirror
                        int code = code(m.blackMen() - men, m.blackKings() - kings, m.whiteMen() - promoted,
                            m.whiteKings() + promoted);
                        out = Math.max(out, longest[code]);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Solves one material group and its mirror, pass by pass; {@code longestBefore}, the longest game a move out of
     * the group leads to, bounds how late a result from outside can appear. Returns the longest distance found.
     */
    private int solve(List<Material> group, int longestBefore, int threads) {
        long[] starts = new long[group.size() + 1];
        for (int i = 0; i < group.size(); i++) {
            starts[i + 1] = starts[i] + group.get(i).size();
        }
        int chunks = (int) ((starts[group.size()] + CHUNK - 1) / CHUNK);
        int longest = 0;
        int quiet = 0; // passes in a row that decided nothing
        for (int k = 0; ; k++) {
            if (k > LONGEST) {
                throw new IllegalStateException("a game in the table lasts more than " + LONGEST + " plies");
            }
            int pass = k;
            AtomicInteger next = new AtomicInteger();
            AtomicLong decided = new AtomicLong();
            Runnable worker = () -> {
                Solver solver = new Solver(group, starts);
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    long from = (long) c * CHUNK;
                    long to = Math.min(starts[group.size()], from + CHUNK);
                    decided.addAndGet(solver.pass(from, to, pass));
                }
            };
            runOnThreads(worker, threads);
            if (decided.get() > 0) {
                longest = k;
                quiet = 0;
            } else if (++quiet >= 2 && k > longestBefore + 1) {
                return longest;
            }
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

    /** One thread's pass over numbers of a group: its own move generator and list, as the generator is not shared. */
    private final class Solver {
        private final List<Material> group;
        private final long[] starts;
        private final DraughtsMoveGenerator generator = new DraughtsMoveGenerator(ruleSet);
        private final MoveList list = new MoveList();

        Solver(List<Material> group, long[] starts) {
            this.group = group;
            this.starts = starts;
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
            long kings50 = BINOMIAL[50][m.blackKings()];
            long men45 = BINOMIAL[45][m.blackMen()];
            long whiteKings50 = BINOMIAL[50][m.whiteKings()];
            for (long n = from; n < to; n++) {
                if (n >= starts[g + 1]) {
                    g++;
                    m = group.get(g);
                    table = values[m.code()];
                    kings50 = BINOMIAL[50][m.blackKings()];
                    men45 = BINOMIAL[45][m.blackMen()];
                    whiteKings50 = BINOMIAL[50][m.whiteKings()];
                }
                int i = (int) (n - starts[g]);
                if (table[i] != 0) {
                    continue; // decided, or not a position
                }
                long rest = i;
                long blackKings = unrank(rest % kings50, m.blackKings(), KING_BITS);
                rest /= kings50;
                long blackMen = unrank(rest % men45, m.blackMen(), BLACK_MAN_BITS);
                rest /= men45;
                long whiteKings = unrank(rest % whiteKings50, m.whiteKings(), KING_BITS);
                long whiteMen = unrank(rest / whiteKings50, m.whiteMen(), WHITE_MAN_BITS);
                long white = whiteMen | whiteKings;
                long black = blackMen | blackKings;
                if (k == 0 && (Long.bitCount(white | black) != m.pieces())) {
                    table[i] = INVALID;
                    continue;
                }
                int v = decide(white, black, whiteKings | blackKings, k);
                if (v != 0) {
                    table[i] = (byte) v;
                    decided++;
                }
            }
            return decided;
        }

        /** The raw value when the position (White to move) is decided in exactly k plies, else 0. */
        private int decide(long white, long black, long kings, int k) {
            generator.generate(white, black, kings, true, list);
            int n = list.size();
            if (n == 0) {
                return k == 0 ? 1 : 0; // no move: lost now
            }
            boolean allWin = true;
            int longestWin = -1;
            for (int j = 0; j < n; j++) {
                long from = 1L << list.fromBit(j);
                long to = 1L << list.toBit(j);
                long captured = list.captured(j);
                long newBlack = black & ~captured;
                if (newBlack == 0) {
                    if (k == 1) {
                        return 2; // the last piece taken: won in one
                    }
                    allWin = false;
                    continue;
                }
                long newWhite = (white & ~from) | to;
                long newKings = kings & ~captured;
                if ((kings & from) != 0) {
                    newKings = (newKings & ~from) | to;
                } else if ((to & Squares.WHITE_PROMOTION) != 0) {
                    newKings |= to;
                }
                // Black to move there: read as its mirror with White to move
                int child = value(mirror(newBlack), mirror(newWhite), mirror(newKings));
                if (child == 0) {
                    allWin = false;
                    continue;
                }
                int d = child - 1;
                if (d % 2 == 0) {
                    if (d + 1 == k) {
                        return k + 1; // the quickest win there is, or it would have been found earlier
                    }
                    allWin = false;
                } else {
                    longestWin = Math.max(longestWin, d);
                }
            }
            return allWin && longestWin + 1 == k ? k + 1 : 0;
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
        return PLAYED.computeIfAbsent(ruleSet, DraughtsTablebase::load);
    }

    private static Optional<DraughtsTablebase> load(DraughtsRuleSet ruleSet) {
        String setting = System.getProperty(PROPERTY, "").strip();
        if (setting.equals("off")) {
            return Optional.empty();
        }
        Optional<Path> file = find(setting.isEmpty() ? defaultDirectory() : Path.of(setting), ruleSet);
        try {
            return file.map(f -> open(f, ruleSet));
        } catch (InvalidInputException | UncheckedIOException e) {
            System.getLogger(DraughtsTablebase.class.getName()).log(System.Logger.Level.WARNING,
                "Playing without the draughts table " + file.get() + ": " + e.getMessage());
            return Optional.empty();
        }
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
