package com.plyyard.engine.learn;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.catalog.Variants;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every puzzle the platform ships: one generated file per game, {@code <game>.puzzles} beside this class
 * ({@link PuzzleFile}; its head says the command that made it), read at the first use. A game without a file has none.
 */
public final class Puzzles {
    private Puzzles() {
    }

    /** Read once, at the first use: a few hundred kilobytes the rules and AI services never need. */
    private static final class Shipped {
        static final Map<String, Puzzle> BY_ID = load();
    }

    /** Every shipped puzzle: games in the catalog's order, each in its file's order. */
    public static List<Puzzle> all() {
        return List.copyOf(Shipped.BY_ID.values());
    }

    /** The shipped puzzles of one game; empty for a game without a file. */
    public static List<Puzzle> of(String game) {
        return Shipped.BY_ID.values().stream().filter(p -> p.id().startsWith(game + "-")).toList();
    }

    public static Optional<Puzzle> get(String id) {
        return Optional.ofNullable(Shipped.BY_ID.get(id));
    }

    /** The text of a game's shipped file (its head included), or empty. */
    public static Optional<String> file(String game) {
        try (InputStream in = Puzzles.class.getResourceAsStream(game + ".puzzles")) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + game + ".puzzles", e);
        }
    }

    private static Map<String, Puzzle> load() {
        Map<String, Puzzle> byId = new LinkedHashMap<>();
        for (GameModule module : Variants.modules()) {
            Optional<String> text = file(module.game());
            if (text.isEmpty()) {
                continue;
            }
            for (Puzzle p : PuzzleFile.read(text.get())) {
                if (!p.id().startsWith(module.game() + "-")) {
                    throw new IllegalStateException(module.game() + ".puzzles holds " + p.id() + " of another game");
                }
                if (byId.put(p.id(), p) != null) {
                    throw new IllegalStateException("two puzzles are named " + p.id());
                }
            }
        }
        return byId;
    }
}
