package com.plyyard.engine.learn;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.catalog.Variants;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every exercise the platform ships: one file per game, {@code <game>.exercises} beside this class, read once. A game
 * without a file has no exercises.
 */
public final class Exercises {
    private static final Map<String, Exercise> BY_ID = load();

    private Exercises() {
    }

    /** Every exercise: games in the catalog's order, each in its file's order. */
    public static List<Exercise> all() {
        return List.copyOf(BY_ID.values());
    }

    /** The exercises of one game, in its file's order; empty for a game without exercises. */
    public static List<Exercise> of(String game) {
        return BY_ID.values().stream().filter(e -> e.game().equals(game)).toList();
    }

    public static Optional<Exercise> get(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    /** The lessons of one game, in the file's order. */
    public static List<String> lessons(String game) {
        return of(game).stream().map(Exercise::lesson).distinct().toList();
    }

    private static Map<String, Exercise> load() {
        Map<String, Exercise> byId = new LinkedHashMap<>();
        for (GameModule module : Variants.modules()) {
            String resource = module.game() + ".exercises";
            List<Exercise> exercises = new ArrayList<>();
            try (InputStream in = Exercises.class.getResourceAsStream(resource)) {
                if (in == null) {
                    continue;
                }
                exercises.addAll(ExerciseFile.parse(module.game(), resource,
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            }
            for (Exercise e : exercises) {
                if (byId.put(e.id(), e) != null) {
                    throw new IllegalStateException("two exercises are named " + e.id());
                }
            }
        }
        return byId;
    }
}
