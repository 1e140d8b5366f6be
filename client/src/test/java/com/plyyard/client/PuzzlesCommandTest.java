package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.PuzzleFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * puzzles generate and verify on a small sea (8x8 without the circle rule: its table builds in about a second), and
 * their refusals.
 */
class PuzzlesCommandTest {
    private static final String[] SEA = {"--option", "circle-rule=false", "--islands", "d5,d3"};

    @Test
    void generateWritesAFileItsVerifyAcceptsAndTheSameSeedFindsTheSame(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.puzzles");
        Run generate = run(dir, "puzzles", "generate", "--count", "25", "--seed", "5", "--out", file.toString());
        assertEquals(0, generate.exitCode(), generate.err()::toString);
        String line = generate.out().get(generate.out().size() - 1);
        assertTrue(line.matches("file=\\S+p\\.puzzles puzzles=25 games=\\d+ positions=\\d+ seconds=\\d+\\.\\d"), line);
        assertTrue(generate.err().get(0).startsWith("building the Piracy tablebase at "), generate.err()::toString);
        String text = Files.readString(file);
        List<Puzzle> puzzles = PuzzleFile.read(text);
        assertEquals(25, puzzles.size());
        assertTrue(PuzzleFile.header(text).get(1).startsWith("made by: plyyard puzzles generate --variant piracy:classic"
            + " --islands d5,d3 --option circle-rule=false --count 25 --seed 5"), text);
        assertTrue(puzzles.stream().allMatch(p -> p.options().get("circle-rule").equals("false")));

        Run verify = run(dir, "puzzles", "verify", file.toString());
        assertEquals(0, verify.exitCode(), verify.err()::toString);
        assertEquals(List.of("puzzles=25 verified=25 failed=0"), verify.out());

        Path again = dir.resolve("again.puzzles");
        assertEquals(0, run(dir, "puzzles", "generate", "--count", "25", "--seed", "5", "--out", again.toString())
            .exitCode());
        assertEquals(text, Files.readString(again), "the same seed and settings find the same puzzles");

        // a puzzle whose first move is changed to another legal one fails, with its id and the table's values
        Puzzle first = puzzles.get(0);
        String other = first.start().legalMoves().stream().map(m -> m.notation())
            .filter(n -> !n.equals(first.line().get(0))).findFirst().orElseThrow();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(first.id() + "\t")) {
                String[] f = lines[i].split("\t", -1);
                f[4] = other;
                lines[i] = String.join("\t", f);
            }
        }
        Path broken = dir.resolve("broken.puzzles");
        Files.writeString(broken, String.join("\n", lines) + "\n");
        Run refused = run(dir, "puzzles", "verify", broken.toString());
        assertEquals(1, refused.exitCode());
        assertTrue(refused.out().get(0).startsWith(first.id() + ": move 1 (" + other + ") is not the only move that "),
            refused.out()::toString);
        assertEquals("puzzles=25 verified=24 failed=1", refused.out().get(1));
    }

    @Test
    void refusals(@TempDir Path dir) throws Exception {
        Run depths = Run.of("puzzles", "generate", "--variant", "draughts:fmjd", "--find-depth", "6", "--verify-depth",
            "4", "--out", dir.resolve("d.puzzles").toString());
        assertEquals(2, depths.exitCode());
        assertTrue(depths.err().get(0).contains("--verify-depth at least --find-depth"), depths.err()::toString);
        Run count = Run.of("puzzles", "generate", "--count", "0", "--tables", dir.toString());
        assertEquals(2, count.exitCode());
        assertTrue(count.err().get(0).contains("must be at least 1"), count.err()::toString);
        Run noise = Run.of("puzzles", "generate", "--noise", "2", "--tables", dir.toString());
        assertEquals(2, noise.exitCode());
        Run missing = Run.of("puzzles", "verify", dir.resolve("none.puzzles").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().get(0).contains("Cannot read"), missing.err()::toString);
        Path garbled = dir.resolve("garbled.puzzles");
        Files.writeString(garbled, "# a head\nnot a puzzle\n");
        Run bad = Run.of("puzzles", "verify", garbled.toString());
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().get(0).contains("Puzzle line 2: a puzzle has 9 tab-separated fields"), bad.err()::toString);
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "nothing written but the garbled file");
        }
    }

    @Test
    void aSearchedGameGetsPuzzlesThatItsVerifyChecksWithTheFilesSettings(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("d.puzzles");
        Run generate = Run.of("puzzles", "generate", "--variant", "draughts:fmjd", "--count", "3", "--seed", "3",
            "--depths", "1,2", "--noise", "0.2", "--find-depth", "2", "--verify-depth", "4", "--max-solver-moves", "2",
            "--out", file.toString());
        assertEquals(0, generate.exitCode(), generate.err()::toString);
        String text = Files.readString(file);
        assertTrue(text.startsWith("# Ply Yard puzzles: 3 for draughts:fmjd, by a search to depth 2 and again to depth 4"),
            text);
        assertTrue(PuzzleFile.header(text).contains("search: find_depth=2 verify_depth=4 advantage=150 margin=150 "
            + "max_solver_moves=2"), text);
        Run verify = Run.of("puzzles", "verify", file.toString());
        assertEquals(List.of("puzzles=3 verified=3 failed=0"), verify.out(), verify.err()::toString);
    }

    private static Run run(Path dir, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        if (args[1].equals("generate")) {
            all.addAll(List.of(SEA));
        }
        all.addAll(List.of("--tables", dir.toString()));
        return Run.of(all.toArray(String[]::new));
    }
}
