package com.plyyard.client;

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
    }

    @Test
    void badInputIsRefusedWithASentence() throws IOException {
        Run noGames = Run.of("train", "games", "--games", "0", "--out", dir.resolve("x").toString());
        assertEquals(2, noGames.exitCode());
        assertTrue(String.join("\n", noGames.err()).contains("--games"), noGames.err().toString());
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
