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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The puzzle sets the platform ships ({@link Puzzles}): how many, and every puzzle read again by the rules — its
 * position, each move legal and played by the right side, its id, themes and starting rating what the generator's
 * code gives. Piracy's exact check (each solver move the only one keeping the result) needs the game's table: a
 * sample of 100 when the table is already in its folder ({@code ./plyyard tablebase build --island d5}), every puzzle
 * with {@code -Pslow}, which builds the table when it is missing (about 3 minutes and 2.5 GB of heap). The searched
 * sets are verified again by the search their file's head records: a sample here, every puzzle with {@code -Pslow}.
 */
class ShippedPuzzlesTest {
    /**
     * The sets, with the command that made them in the file's head: a thousand verified puzzles each (Ploy's
     * made in four parts of a session's length, docs/learn.md).
     */
    @ParameterizedTest
    @CsvSource({"piracy, piracy:classic, 1000", "draughts, draughts:fmjd, 1000", "draughts, draughts:plyyard, 1000",
        "ploy, ploy:3m:2p, 1000"})
    void eachSetHoldsItsPuzzlesMadeByTheGeneratorItNames(String game, String variant, int atLeast) {
        List<Puzzle> set = Puzzles.of(game).stream().filter(p -> p.variant().equals(variant)).toList();
        assertTrue(set.size() >= atLeast, variant + " puzzles: " + set.size());
        String file = Puzzles.file(game).orElseThrow();
        assertTrue(file.contains("# made by: plyyard puzzles generate --variant " + variant + " "), variant);
        assertTrue(set.stream().anyMatch(p -> p.goal() == Puzzle.Goal.DRAW), "only-drawing-move puzzles");
        assertTrue(set.stream().anyMatch(p -> p.goal() != Puzzle.Goal.DRAW), "winning puzzles");
        assertTrue(set.stream().anyMatch(p -> p.solverMoves() >= 2), "lines of two solver moves and more");
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
        List<Puzzle> sample = new ArrayList<>(Puzzles.of("piracy"));
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

    /**
     * The searched sets (draughts, Ploy) verified again as their file's head says, by a fresh search at the verifying
     * depth: two puzzles of each variant here (a draughts one costs a second or two a solver move at depth 10), all
     * with -Pslow.
     */
    @Test
    void aSampleOfTheSearchedSetsVerifiesAgain() {
        for (String game : List.of("draughts", "ploy")) {
            SearchPuzzles verifier = new SearchPuzzles(SearchPuzzles.Settings.ofFile(Puzzles.file(game).orElse("")));
            Map<String, List<Puzzle>> byVariant = new java.util.TreeMap<>();
            Puzzles.of(game).forEach(p -> byVariant.computeIfAbsent(p.variant(), v -> new ArrayList<>()).add(p));
            for (List<Puzzle> set : byVariant.values()) {
                List<Puzzle> sample = new ArrayList<>(set);
                Collections.shuffle(sample, new Random(31));
                for (Puzzle puzzle : sample.subList(0, 2)) {
                    assertEquals(Optional.empty(), verifier.verify(puzzle), puzzle.id());
                }
            }
        }
    }

    @Test
    @Tag("slow")
    void everyPuzzleIsExactByTheTable() {
        Map<String, PerfectPlay.Table> tables = new HashMap<>();
        for (Puzzle puzzle : Puzzles.of("piracy")) {
            PerfectPlay.Table table = table(puzzle.rules(), tables, true).orElseThrow();
            assertEquals(Optional.empty(), PerfectPuzzles.verify(puzzle, table), puzzle.id());
        }
    }

    @Test
    @Tag("slow")
    void everySearchedPuzzleVerifiesAgain() {
        for (String game : List.of("draughts", "ploy")) {
            SearchPuzzles verifier = new SearchPuzzles(SearchPuzzles.Settings.ofFile(Puzzles.file(game).orElseThrow()));
            for (Puzzle puzzle : Puzzles.of(game)) {
                assertEquals(Optional.empty(), verifier.verify(puzzle), puzzle.id());
            }
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
        return Puzzles.of("piracy").get(0).rules().module().perfectPlay().orElseThrow().defaultDirectory();
    }
}
