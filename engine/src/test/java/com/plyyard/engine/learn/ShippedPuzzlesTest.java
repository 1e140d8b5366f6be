package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The puzzle sets the platform ships ({@link Puzzles}): how many, and every puzzle read again by the rules — its
 * position, each move legal and played by the right side, its id, themes and starting rating what the generator's
 * code gives. The exact check (each solver move the only one keeping the result) needs the game's table: a sample of
 * 100 when the table is already in its folder ({@code ./plyyard tablebase build --island d5}), every puzzle with
 * {@code -Pslow}, which builds the table when it is missing (about 3 minutes and 2.5 GB of heap).
 */
class ShippedPuzzlesTest {
    @Test
    void piracyShipsAThousandPuzzlesMadeByTheGeneratorItNames() {
        List<Puzzle> piracy = Puzzles.of("piracy");
        assertTrue(piracy.size() >= 1000, "Piracy puzzles: " + piracy.size());
        String head = String.join("\n", PuzzleFile.header(Puzzles.file("piracy").orElseThrow()));
        assertTrue(head.contains("made by: plyyard puzzles generate --variant piracy:classic"), head);
        assertTrue(head.contains("seed"), head);
        assertTrue(piracy.stream().anyMatch(p -> p.goal() == Puzzle.Goal.DRAW), "only-drawing-move puzzles");
        assertTrue(piracy.stream().anyMatch(p -> p.solverMoves() >= 2), "lines of two solver moves and more");
    }

    @Test
    void everyShippedPuzzleReadsAgainByTheRules() {
        for (Puzzle puzzle : Puzzles.all()) {
            Position start = puzzle.start();
            assertEquals(puzzle.position(), start.notation(), puzzle.id() + ": its position in canonical notation");
            assertEquals(PerfectPuzzles.id(start), puzzle.id());
            int solver = start.toMove();
            Position p = start;
            for (int i = 0; i < puzzle.line().size(); i++) {
                assertTrue(!p.isOver(), puzzle.id() + ": over before move " + (i + 1));
                assertEquals(i % 2 == 0, p.toMove() == solver, puzzle.id() + ": move " + (i + 1) + " by the wrong side");
                String text = puzzle.line().get(i);
                assertEquals(text, p.parseMove(text).notation(), puzzle.id() + ": moves in canonical notation");
                p = p.play(text);
            }
            assertEquals(PerfectPuzzles.themes(start, puzzle.line()), puzzle.themes(), puzzle.id());
            assertEquals(PerfectPuzzles.rating(start, puzzle.line()), puzzle.rating(), puzzle.id());
            assertNotEquals("", puzzle.source(), puzzle.id());
        }
    }

    @Test
    void aSampleIsExactByTheTableWhenItIsThere() {
        List<Puzzle> sample = new ArrayList<>(Puzzles.all());
        Collections.shuffle(sample, new Random(31));
        Map<String, PerfectPlay.Table> tables = new HashMap<>();
        int checked = 0;
        for (Puzzle puzzle : sample.subList(0, Math.min(100, sample.size()))) {
            Optional<PerfectPlay.Table> table = table(puzzle.rules(), tables, false);
            if (table.isEmpty()) {
                continue;
            }
            assertEquals(Optional.empty(), PerfectPuzzles.verify(puzzle, table.get()), puzzle.id());
            checked++;
        }
        if (checked == 0) {
            String line = "Shipped puzzles not verified against a table: none in " + folder() + "; build one with "
                + "./plyyard tablebase build --island d5, or run with -Pslow.";
            System.out.println("[WARNING] " + line);
            Assumptions.abort(line);
        }
    }

    @Test
    @Tag("slow")
    void everyPuzzleIsExactByTheTable() {
        Map<String, PerfectPlay.Table> tables = new HashMap<>();
        for (Puzzle puzzle : Puzzles.all()) {
            PerfectPlay.Table table = table(puzzle.rules(), tables, true).orElseThrow();
            assertEquals(Optional.empty(), PerfectPuzzles.verify(puzzle, table), puzzle.id());
        }
    }

    /** The table for these rules from the default folder, built there when {@code build} and it is missing. */
    private static Optional<PerfectPlay.Table> table(VariantRules rules, Map<String, PerfectPlay.Table> cache,
        boolean build) {
        PerfectPlay perfect = rules.module().perfectPlay().orElseThrow();
        Path file = perfect.file(perfect.defaultDirectory(), rules);
        if (cache.containsKey(file.toString())) {
            return Optional.of(cache.get(file.toString()));
        }
        PerfectPlay.Table table;
        if (Files.isRegularFile(file)) {
            table = perfect.open(file, rules);
        } else if (build) {
            table = perfect.build(rules, Runtime.getRuntime().availableProcessors(), done -> { });
        } else {
            return Optional.empty();
        }
        cache.put(file.toString(), table);
        return Optional.of(table);
    }

    /** Where the tables are looked for. */
    private static Path folder() {
        return Puzzles.all().get(0).rules().module().perfectPlay().orElseThrow().defaultDirectory();
    }
}
