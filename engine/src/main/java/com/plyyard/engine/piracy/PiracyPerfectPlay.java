package com.plyyard.engine.piracy;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Piracy's perfect play ({@link PiracyModule#perfectPlay}): its {@link PiracyTablebase}s, one a sea's symmetry class,
 * read as the SPI asks — the best move with its exact value as a search score, and the line that follows until a
 * ship sinks.
 */
final class PiracyPerfectPlay implements PerfectPlay {
    /** The longest line read from a table. */
    static final int MAX_LINE = 40;

    @Override
    public String name() {
        return "Piracy tablebase";
    }

    @Override
    public Path defaultDirectory() {
        return PiracyTablebase.defaultDirectory();
    }

    @Override
    public Path file(Path directory, VariantRules rules) {
        return PiracyTablebase.file(directory, own(rules));
    }

    @Override
    public long positions(VariantRules rules) {
        return PiracyTablebase.positions(own(rules));
    }

    @Override
    public long heapNeeded(VariantRules rules) {
        return PiracyTablebase.heapNeeded(own(rules));
    }

    @Override
    public Table open(Path file, VariantRules rules) {
        return new Solved(PiracyTablebase.open(file, own(rules)));
    }

    @Override
    public Table build(VariantRules rules, int threads, LongConsumer progress) {
        return new Solved(PiracyTablebase.build(own(rules), threads, progress));
    }

    private static PiracyRules own(VariantRules rules) {
        if (!(rules instanceof PiracyRules piracy)) {
            throw new InvalidInputException(rules.id() + " is not a Piracy variant; Piracy's tables "
                + "answer for Piracy only.");
        }
        return piracy;
    }

    private record Solved(PiracyTablebase table) implements Table {
        @Override
        public Choice choose(Position position) {
            PiracyPosition p = GameModule.own(PiracyPosition.class, position, "piracy");
            PiracyMove move = table.choose(p).move();
            return new Choice(move, table.value(p).score(), line(p, move));
        }

        @Override
        public List<MoveScore> scores(Position position) {
            PiracyPosition p = GameModule.own(PiracyPosition.class, position, "piracy");
            if (p.outcome().isPresent()) {
                throw new InvalidInputException("The game is over; no move has a value.");
            }
            List<MoveScore> out = new ArrayList<>();
            for (PiracyMove move : p.legalMoves()) {
                out.add(new MoveScore(move, table.moveValue(p, move).score()));
            }
            return out;
        }

        @Override
        public void save(Path file) {
            table.save(file);
        }

        /** The move and the table's best replies after it, until a ship sinks (at most {@value #MAX_LINE} plies). */
        private List<String> line(PiracyPosition position, PiracyMove first) {
            List<String> pv = new ArrayList<>();
            pv.add(first.notation());
            PiracyPosition p = position.play(first);
            while (pv.size() < MAX_LINE && p.outcome().isEmpty() && !p.ship(0).sunk() && !p.ship(1).sunk()) {
                PiracyMove next = table.bestMoves(p).get(0).move();
                pv.add(next.notation());
                p = p.play(next);
            }
            return pv;
        }
    }
}
