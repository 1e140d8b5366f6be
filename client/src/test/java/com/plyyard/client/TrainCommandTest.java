package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.draughts.PatternEvaluation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code train games} then {@code train fit}, end to end on a tiny scale, and their refusals. */
class TrainCommandTest {
    @TempDir
    Path dir;

    @Test
    void gamesThenFitWriteAWeightsFileTheEngineReads() throws IOException {
        Path data = dir.resolve("positions.bin");
        Run games = Run.of("train", "games", "--games", "4", "--nodes", "200", "--out", data.toString());
        assertEquals(0, games.exitCode(), String.join("\n", games.err()));
        Matcher m = Pattern.compile("games=4 positions=(\\d+) white_wins=(\\d+) draws=(\\d+) black_wins=(\\d+) seconds=\\d+")
            .matcher(games.out().get(games.out().size() - 1));
        assertTrue(m.matches(), games.out().toString());
        long positions = Long.parseLong(m.group(1));
        assertTrue(positions > 20, "quiet positions of four games: " + positions);
        assertEquals(4, Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4)));
        assertEquals(positions * 26, Files.size(data), "26 bytes a position");

        Path weights = dir.resolve("weights.bin");
        Run fit = Run.of("train", "fit", "--data", data.toString(), "--out", weights.toString(), "--epochs", "2");
        assertEquals(0, fit.exitCode(), String.join("\n", fit.err()));
        assertTrue(fit.out().get(0).matches("epoch=0 train_loss=[0-9.]+ heldout_loss=[0-9.]+"), fit.out().toString());
        assertTrue(fit.out().get(fit.out().size() - 1).matches(
            "positions=" + positions + " heldout=\\d+ man=-?\\d+/-?\\d+ king=-?\\d+/-?\\d+ out=.*"), fit.out().toString());
        try (InputStream in = Files.newInputStream(weights)) {
            PatternEvaluation.read(in); // well-formed for the engine
        }
        assertTrue(fit.out().get(fit.out().size() - 2).matches("best_epoch=[0-2]"), fit.out().toString());

        // a second generation may start from the first's weights: its epoch 0 is where the first ended
        Run again = Run.of("train", "fit", "--data", data.toString(), "--out", dir.resolve("w2.bin").toString(),
            "--epochs", "1", "--from", weights.toString());
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        assertEquals(heldoutLoss(fit.out().get(bestEpoch(fit))), heldoutLoss(again.out().get(0)), 2e-4,
            fit.out() + " then " + again.out());
        Run shipped = Run.of("train", "fit", "--data", data.toString(), "--out", dir.resolve("w3.bin").toString(),
            "--epochs", "1", "--from", "shipped");
        assertEquals(0, shipped.exitCode(), String.join("\n", shipped.err()));
    }

    private static int bestEpoch(Run fit) {
        return Integer.parseInt(fit.out().get(fit.out().size() - 2).substring("best_epoch=".length()));
    }

    private static double heldoutLoss(String epochLine) {
        return Double.parseDouble(epochLine.substring(epochLine.indexOf("heldout_loss=") + "heldout_loss=".length()));
    }

    @Test
    void theSameSeedGivesTheSameFileWhateverTheThreads() throws IOException {
        Path one = dir.resolve("one.bin");
        Path two = dir.resolve("two.bin");
        Run a = Run.of("train", "games", "--games", "6", "--nodes", "300", "--seed", "7", "--threads", "1", "--out",
            one.toString());
        Run b = Run.of("train", "games", "--games", "6", "--nodes", "300", "--seed", "7", "--threads", "2", "--out",
            two.toString());
        assertEquals(0, a.exitCode(), String.join("\n", a.err()));
        assertEquals(0, b.exitCode(), String.join("\n", b.err()));
        assertTrue(a.err().get(0).startsWith("train: "), a.err().toString()); // whether games end at a table
        assertTrue(Files.size(one) > 0);
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));
        Path both = dir.resolve("both.bin");
        Run c = Run.of("train", "games", "--games", "6", "--nodes", "300", "--seed", "7", "--quiet", "both", "--out",
            both.toString());
        assertEquals(0, c.exitCode(), String.join("\n", c.err()));
        assertTrue(Files.size(both) < Files.size(one), "leaving threatened positions out keeps fewer");
    }

    @Test
    void badInputIsRefusedWithASentence() throws IOException {
        Run noGames = Run.of("train", "games", "--games", "0", "--out", dir.resolve("x").toString());
        assertEquals(2, noGames.exitCode());
        assertTrue(String.join("\n", noGames.err()).contains("--games"), noGames.err().toString());
        Run quiet = Run.of("train", "games", "--games", "1", "--quiet", "never", "--out", dir.resolve("x").toString());
        assertEquals(2, quiet.exitCode());
        assertTrue(String.join("\n", quiet.err()).contains("--quiet is both or mover"), quiet.err().toString());
        Run noWeights = Run.of("train", "fit", "--data", dir.resolve("x").toString(), "--out",
            dir.resolve("w.bin").toString(), "--from", dir.resolve("none.bin").toString());
        assertEquals(2, noWeights.exitCode());
        assertTrue(String.join("\n", noWeights.err()).contains("No such weights file"), noWeights.err().toString());
        Run missing = Run.of("train", "fit", "--data", dir.resolve("missing.bin").toString(), "--out",
            dir.resolve("w.bin").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(String.join("\n", missing.err()).contains("No such file of positions"), missing.err().toString());
        Path odd = dir.resolve("odd.bin");
        Files.write(odd, new byte[27]);
        Run malformed = Run.of("train", "fit", "--data", odd.toString(), "--out", dir.resolve("w.bin").toString());
        assertEquals(1, malformed.exitCode(), malformed.err().toString());
        assertTrue(String.join("\n", malformed.err()).contains("not a file of training positions"), malformed.err().toString());
    }
}
