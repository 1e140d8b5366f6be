package com.plyyard.engine.piracy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.TablebaseHome;
import com.plyyard.engine.search.Score;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Perfect play for Piracy: the value of every position of one sea (board size, island class, circle rule,
 * survivor rule), solved by {@link TablebaseBuilder} and kept in about a byte a position (see {@link TablebaseLayer}).
 * A table is solved for its class's canonical island and answers for every island of the class through the
 * board's symmetries ({@link SeaSymmetry}).
 *
 * <p>Values are from the side to move: a win or a loss with the plies until the first ship sinks (after that the
 * survivor's seven moves are exact and beyond the ply limit's reach), or a draw. The ply limit is applied here:
 * a win in d at ply k counts only if k + d ≤ 490.
 */
public final class PiracyTablebase {
    private static final byte[] MAGIC = "PLYPTB02".getBytes(StandardCharsets.US_ASCII);
    /** Bytes of the header before the layer directory. */
    private static final int HEADER = MAGIC.length + 4 * 6;

    /** The result of a position for its side to move. */
    public enum Outcome { WIN, DRAW, LOSS }

    /** A position's or a move's value for the side to move (before the move): plies until the first ship sinks. */
    public record Value(Outcome outcome, int plies) {
        static final Value DRAW = new Value(Outcome.DRAW, 0);

        /** Better first: faster wins, draws, slower losses. */
        static final Comparator<Value> BEST_FIRST = Comparator.comparingInt(Value::rank);

        private int rank() {
            return switch (outcome) {
                case WIN -> plies;
                case DRAW -> 100_000;
                case LOSS -> 1_000_000 - plies;
            };
        }

        Value negated() {
            return switch (outcome) {
                case WIN -> new Value(Outcome.LOSS, plies);
                case LOSS -> new Value(Outcome.WIN, plies);
                case DRAW -> this;
            };
        }

        /** The value on the search's scale: a win in d plies is {@code WIN - d}, a loss {@code LOSS + d}, a draw 0. */
        public int score() {
            return switch (outcome) {
                case WIN -> Score.WIN - plies;
                case LOSS -> Score.LOSS + plies;
                case DRAW -> Score.DRAW;
            };
        }

        Value later() {
            return outcome == Outcome.DRAW ? this : new Value(outcome, plies + 1);
        }

        @Override
        public String toString() {
            return outcome.name().toLowerCase(java.util.Locale.ROOT) + (outcome == Outcome.DRAW ? "" : " in " + plies);
        }
    }

    /** A legal move with its value for the side that plays it. */
    public record MoveValue(PiracyMove move, Value value) {
    }

    private final PiracyRules rules;
    private final TablebaseLayout layout;
    private final TablebaseLayer[] layers;
    private final PiracyMoveGenerator generator;
    private final SurvivalTable survival;

    private PiracyTablebase(PiracyRules rules, TablebaseLayout layout, TablebaseLayer[] layers) {
        this.rules = rules;
        this.layout = layout;
        this.layers = layers;
        this.generator = rules.generator();
        this.survival = new SurvivalTable(generator);
    }

    /** The rules the table was solved for: its island is the canonical one of its class. */
    public PiracyRules rules() {
        return rules;
    }

    /** The rules of the table that answers for {@code rules}: same options, the class's canonical island. */
    public static PiracyRules canonical(PiracyRules rules) {
        Geometry g = rules.geometry();
        int[] island = symmetry(g).island(g.islandX(), g.islandY());
        return rules.onSea(new Geometry(g.size(), island[0], island[1]));
    }

    /** The symmetry that takes a sea to its class's canonical island. */
    private static SeaSymmetry symmetry(Geometry g) {
        return SeaSymmetry.toCanonical(g.size(), g.islandX(), g.islandY());
    }

    /** Whether this table answers for positions played under {@code other}. */
    public boolean covers(PiracyRules other) {
        return canonical(other).geometry().equals(rules.geometry()) && other.circleRule() == rules.circleRule()
            && other.survivorSinkingLoses() == rules.survivorSinkingLoses();
    }

    /** Positions a table for these rules holds (including the few index slots of ships that would overlap). */
    public static long positions(PiracyRules rules) {
        return new TablebaseLayout(new ShipPlacements(rules.geometry()), rules.circleRule()).positions();
    }

    /**
     * Heap a build of this table needs, with some room: the solved table (8 or 9 bits a position) and, for the layer
     * being solved, its working arrays (three bytes a position) and distance buckets (up to four bytes a position).
     * For 8×8 that is 2.3 GB; the edge class, the largest, was built with {@code -Xmx2300m}.
     */
    public static long heapNeeded(PiracyRules rules) {
        TablebaseLayout layout = new TablebaseLayout(new ShipPlacements(rules.geometry()), rules.circleRule());
        return layout.positions() * 9 / 8 + 7L * layout.layerSize(TablebaseLayout.layer(0, 1)) + (256L << 20);
    }

    /**
     * Solves the table for the class of {@code rules}'s island with {@code threads} threads; {@code progress} hears
     * the work done, out of 2 · {@link #positions} (see {@link TablebaseBuilder#build}).
     */
    public static PiracyTablebase build(PiracyRules rules, int threads, LongConsumer progress) {
        PiracyRules canonical = canonical(rules);
        TablebaseBuilder builder = new TablebaseBuilder(canonical.generator(), threads);
        TablebaseLayer[] layers = builder.build(progress);
        return new PiracyTablebase(canonical, builder.layout(), layers);
    }

    /** Solves the table for {@code rules}' own island, not its class's canonical one (tests of the symmetries). */
    static PiracyTablebase buildExactly(PiracyRules rules, int threads) {
        TablebaseBuilder builder = new TablebaseBuilder(rules.generator(), threads);
        return new PiracyTablebase(rules, builder.layout(), builder.build(done -> { }));
    }

    /** The value from a table solved for the position's own island (see {@link #buildExactly}). */
    Value valueExactly(PiracyPosition position) {
        return value(position.state(), SeaSymmetry.identity(rules.geometry().size()));
    }

    // ---- probing

    /** The value of a position for its side to move, the ply limit applied. */
    public Value value(PiracyPosition position) {
        checkCovers(position.rules());
        return value(position.state(), symmetry(position.rules().geometry()));
    }

    /** Every legal move with its value for the side to move, best first. */
    public List<MoveValue> moves(PiracyPosition position) {
        checkCovers(position.rules());
        SeaSymmetry symmetry = symmetry(position.rules().geometry());
        PiracyMoveGenerator own = position.rules().generator();
        long state = position.state();
        List<MoveValue> out = new ArrayList<>(3);
        for (PiracyMove move : position.legalMoves()) {
            out.add(new MoveValue(move, moveValue(own, state, move.code(), symmetry)));
        }
        out.sort(Comparator.comparing(MoveValue::value, Value.BEST_FIRST));
        return out;
    }

    /** The value of one legal move for the side that plays it. */
    public Value moveValue(PiracyPosition position, PiracyMove move) {
        checkCovers(position.rules());
        return moveValue(position.rules().generator(), position.state(), move.code(), symmetry(position.rules().geometry()));
    }

    /** The moves that keep the position's value, fastest win or slowest loss first. */
    public List<MoveValue> bestMoves(PiracyPosition position) {
        List<MoveValue> all = moves(position);
        if (all.isEmpty()) {
            return all;
        }
        Outcome best = all.get(0).value().outcome();
        return all.stream().filter(m -> m.value().outcome() == best).toList();
    }

    /**
     * The move to play: the best value, the fastest win or the slowest loss; among drawing moves the one that leaves
     * the opponent the most replies that lose ({@link #opponentMistakes}), the first of them in notation order on a tie.
     *
     * @throws InvalidInputException when the game is over
     */
    public MoveValue choose(PiracyPosition position) {
        List<MoveValue> best = bestMoves(position);
        if (best.isEmpty()) {
            throw new InvalidInputException("The game is over; there is no move to choose.");
        }
        MoveValue chosen = best.get(0);
        if (chosen.value().outcome() != Outcome.DRAW) {
            return chosen;
        }
        int most = -1;
        for (MoveValue m : best) {
            int mistakes = opponentMistakes(position, m.move());
            if (mistakes > most) {
                most = mistakes;
                chosen = m;
            }
        }
        return chosen;
    }

    /**
     * How many replies to {@code move} lose for the opponent: among drawing moves, the one that leaves the opponent
     * the most ways to go wrong is the practical choice.
     */
    public int opponentMistakes(PiracyPosition position, PiracyMove move) {
        checkCovers(position.rules());
        PiracyPosition after = position.play(move);
        if (after.outcome().isPresent() || after.toMove() == position.toMove()) {
            return 0; // over, or our own survival moves follow: the opponent has no reply to get wrong
        }
        int mistakes = 0;
        for (MoveValue reply : moves(after)) {
            if (reply.value().outcome() == Outcome.LOSS) {
                mistakes++;
            }
        }
        return mistakes;
    }

    private void checkCovers(PiracyRules other) {
        if (!covers(other)) {
            throw new InvalidInputException("This tablebase is for " + describe(rules) + "; the position is played under "
                + describe(other) + ".");
        }
    }

    static String describe(PiracyRules rules) {
        Geometry g = rules.geometry();
        return g.size() + "x" + g.size() + " island class " + canonical(rules).geometry().islandName() + ", circle rule "
            + (rules.circleRule() ? "on" : "off") + ", survivor-sinks " + (rules.survivorSinkingLoses() ? "loss" : "draw");
    }

    /** The value after the side to move plays {@code code}, for that side. */
    Value moveValue(PiracyMoveGenerator own, long state, int code, SeaSymmetry symmetry) {
        long after = own.play(state, code);
        Value v = value(after, symmetry);
        if (PiracyState.toMove(after) != PiracyState.toMove(state)) {
            v = v.negated();
        }
        boolean decided = PiracyState.sunk(PiracyState.cook(state)) || PiracyState.sunk(PiracyState.silver(state));
        return decided ? v : v.later();
    }

    /**
     * The value of a packed state (any island of the class, mapped by {@code symmetry}) for its side to move.
     * Once a ship has sunk the game is decided, at distance 0: the survivor (to move) wins if it can stay afloat
     * for its remaining moves.
     */
    private Value value(long state, SeaSymmetry symmetry) {
        int cook = PiracyState.cook(state);
        int silver = PiracyState.silver(state);
        boolean cookSunk = PiracyState.sunk(cook);
        boolean silverSunk = PiracyState.sunk(silver);
        if (cookSunk && silverSunk) {
            return Value.DRAW;
        }
        int side = PiracyState.toMove(state);
        if (cookSunk || silverSunk) {
            int survivor = cookSunk ? silver : cook;
            boolean survivorToMove = (side == PiracyState.COOK) != cookSunk;
            // the lone-ship table is the canonical island's too: the survivor goes through the symmetry
            Outcome forSurvivor = survival.survives(symmetry.ship(survivor), PiracyState.survival(state)) ? Outcome.WIN
                : generator.survivorSinkingLoses() ? Outcome.LOSS : Outcome.DRAW;
            Value v = new Value(forSurvivor, 0);
            return survivorToMove ? v : v.negated();
        }
        int left = PiracyMoveGenerator.PLY_LIMIT - PiracyState.ply(state);
        if (left <= 0) {
            return Value.DRAW;
        }
        int me = symmetry.ship(PiracyState.ship(state, side));
        int enemy = symmetry.ship(PiracyState.ship(state, 1 - side));
        int v = raw(me, enemy);
        if (v == 0 || Math.abs(v) > left) {
            return Value.DRAW; // a win beyond the limit: the loser holds on to ply 490
        }
        return new Value(v > 0 ? Outcome.WIN : Outcome.LOSS, Math.abs(v));
    }

    /** The stored value of a mover's ship against an enemy's, both afloat, on the canonical island. */
    int raw(int me, int enemy) {
        ShipPlacements placements = layout.placements;
        int mp = placements.of(PiracyState.bow(me), PiracyState.heading(me));
        int ep = placements.of(PiracyState.bow(enemy), PiracyState.heading(enemy));
        int moverHits = PiracyState.hits(me);
        int enemyHits = PiracyState.hits(enemy);
        return layers[TablebaseLayout.layer(moverHits, enemyHits)].value(layout.index(moverHits, enemyHits,
            layout.ship(mp, PiracyState.run(me)), layout.ship(ep, PiracyState.run(enemy))));
    }

    // ---- statistics

    /** Counts over every position of the table (both ships afloat, mover's view). */
    public record Statistics(long wins, long draws, long losses, int longestWin) {
        public long positions() {
            return wins + draws + losses;
        }
    }

    public Statistics statistics() {
        long wins = 0;
        long losses = 0;
        long draws = 0;
        int longest = 0;
        ShipPlacements placements = layout.placements;
        for (int layer = 0; layer < TablebaseLayout.LAYERS; layer++) {
            if (!TablebaseLayout.isLayer(layer)) {
                continue;
            }
            TablebaseLayer values = layers[layer];
            int size = layout.layerSize(layer);
            for (int i = 0; i < size; i++) {
                if (placements.overlap(layout.placement(layout.mover(i)), layout.placement(layout.enemy(i)))) {
                    continue;
                }
                int v = values.value(i);
                if (v > 0) {
                    wins++;
                    longest = Math.max(longest, v);
                } else if (v < 0) {
                    losses++;
                } else {
                    draws++;
                }
            }
        }
        return new Statistics(wins, draws, losses, longest);
    }

    // ---- files

    /** The file of the table for {@code rules} in a folder of tables. */
    public static Path file(Path directory, PiracyRules rules) {
        PiracyRules c = canonical(rules);
        Geometry g = c.geometry();
        return directory.resolve("piracy-" + g.size() + "x" + g.size() + "-" + g.islandName()
            + (c.circleRule() ? "" : "-no-circle") + (c.survivorSinkingLoses() ? "-survivor-loses" : "") + ".ptb");
    }

    /** The cache of tables: {@code tablebases/} in the Ply Yard home ({@code $PLYYARD_HOME}, else {@code ~/.plyyard}). */
    public static Path defaultDirectory() {
        return TablebaseHome.directory();
    }

    /** Writes the table (to a temporary file first, then moved into place, so readers never see half a file). */
    public void save(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName().toString(), ".part");
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer header = ByteBuffer.allocate(HEADER + TablebaseLayout.LAYERS * 9);
                Geometry g = rules.geometry();
                header.put(MAGIC).putInt(g.size()).putInt(g.islandX()).putInt(g.islandY())
                    .putInt((rules.circleRule() ? 1 : 0) | (rules.survivorSinkingLoses() ? 2 : 0))
                    .putInt(layout.placements.count).putInt(layout.runs);
                for (TablebaseLayer layer : layers) {
                    header.putInt(layer == null ? 0 : layer.positions()).put((byte) (layer == null ? 0 : layer.form()))
                        .putInt(layer == null ? 0 : layer.split());
                }
                header.flip();
                writeFully(out, header);
                for (TablebaseLayer layer : layers) {
                    if (layer != null) {
                        writeFully(out, layer.bytes());
                    }
                }
                out.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the tablebase " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeFully(FileChannel out, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }

    /**
     * Opens a table file for {@code rules}' class, its layers mapped into memory rather than read onto the heap (the
     * operating system keeps the pages it needs).
     *
     * @throws InvalidInputException when the file is not a tablebase for these rules
     */
    public static PiracyTablebase open(Path file, PiracyRules rules) {
        PiracyRules canonical = canonical(rules);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER + TablebaseLayout.LAYERS * 9);
            while (header.hasRemaining() && in.read(header) >= 0) {
                // read the whole header
            }
            header.flip();
            byte[] magic = new byte[MAGIC.length];
            if (header.remaining() < header.capacity()) {
                throw new InvalidInputException(file + " is not a Piracy tablebase (too short).");
            }
            header.get(magic);
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw new InvalidInputException(file + " is not a Piracy tablebase.");
            }
            Geometry g = canonical.geometry();
            int size = header.getInt();
            int x = header.getInt();
            int y = header.getInt();
            int flags = header.getInt();
            int placements = header.getInt();
            int runs = header.getInt();
            TablebaseLayout layout = new TablebaseLayout(new ShipPlacements(g), canonical.circleRule());
            int expectedFlags = (canonical.circleRule() ? 1 : 0) | (canonical.survivorSinkingLoses() ? 2 : 0);
            if (size != g.size() || x != g.islandX() || y != g.islandY() || flags != expectedFlags
                || placements != layout.placements.count || runs != layout.runs) {
                throw new InvalidInputException(file + " holds another table than the one for " + describe(rules) + ".");
            }
            TablebaseLayer[] layers = new TablebaseLayer[TablebaseLayout.LAYERS];
            long offset = header.capacity();
            for (int layer = 0; layer < TablebaseLayout.LAYERS; layer++) {
                int positions = header.getInt();
                int form = header.get();
                int split = header.getInt();
                if (!TablebaseLayout.isLayer(layer)) {
                    continue;
                }
                if (positions != layout.layerSize(layer)) {
                    throw new InvalidInputException(file + " is damaged: layer " + layer + " has " + positions
                        + " positions, not " + layout.layerSize(layer) + ".");
                }
                if (form != TablebaseLayer.SPLIT && form != TablebaseLayer.WIDE && form != TablebaseLayer.SIGNED) {
                    throw new InvalidInputException(file + " is damaged: layer " + layer + " has an unknown form.");
                }
                long bytes = TablebaseLayer.bytes(form, positions);
                if (offset + bytes > in.size()) {
                    throw new InvalidInputException(file + " is truncated.");
                }
                layers[layer] = new TablebaseLayer(in.map(FileChannel.MapMode.READ_ONLY, offset, bytes), form, split,
                    positions);
                offset += bytes;
            }
            return new PiracyTablebase(canonical, layout, layers);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the tablebase " + file + ": " + e.getMessage(), e);
        }
    }
}
