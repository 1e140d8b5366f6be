package com.plyyard.engine.catalog;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.draughts.DraughtsModule;
import com.plyyard.engine.piracy.PiracyModule;
import com.plyyard.engine.ploy.PloyModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The registry: every game Ply Yard plays, each as its {@link GameModule}, and through them every variant by
 * id. The one place that names the games; adding a game is one more entry in {@link #MODULES}. It sits in a
 * package of its own above the games, so that the SPI ({@code com.plyyard.engine}), the search and the records
 * depend on no game: a position's module is {@code position.rules().module()}.
 */
public final class Variants {
    private static final List<GameModule> MODULES = List.of(DraughtsModule.INSTANCE, PloyModule.INSTANCE,
        PiracyModule.INSTANCE);

    private Variants() {
    }

    /** Every game's module, in a stable order. */
    public static List<GameModule> modules() {
        return MODULES;
    }

    /**
     * The module of a game.
     *
     * @throws InvalidInputException if no registered module plays it
     */
    public static GameModule module(String game) {
        for (GameModule module : MODULES) {
            if (module.game().equals(game)) {
                return module;
            }
        }
        throw new InvalidInputException("Ply Yard does not play '" + game + "'; its games are "
            + String.join(", ", MODULES.stream().map(GameModule::game).toList()) + ".");
    }

    /** All variant ids, in a stable order. */
    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (GameModule module : MODULES) {
            ids.addAll(module.variantIds());
        }
        return ids;
    }

    /** Every variant with its default options. */
    public static List<VariantRules> all() {
        List<VariantRules> all = new ArrayList<>();
        for (String id : ids()) {
            all.add(get(id));
        }
        return all;
    }

    public static VariantRules get(String id) {
        return get(id, Map.of());
    }

    /**
     * @throws InvalidInputException if the id is unknown or an option is unknown or out of range
     */
    public static VariantRules get(String id, Map<String, String> options) {
        if (id == null || id.isBlank()) {
            throw new InvalidInputException("No variant given; known variants: " + String.join(", ", ids()) + ".");
        }
        for (GameModule module : MODULES) {
            if (module.variantIds().contains(id)) {
                return module.rules(id, options == null ? Map.of() : options);
            }
        }
        throw new InvalidInputException("Unknown variant '" + id + "'; known variants: " + String.join(", ", ids()) + ".");
    }
}
