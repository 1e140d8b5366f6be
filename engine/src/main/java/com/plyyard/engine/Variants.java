package com.plyyard.engine;

import com.plyyard.engine.draughts.DraughtsCatalog;
import com.plyyard.engine.piracy.PiracyCatalog;
import com.plyyard.engine.ploy.PloyCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Every variant Ply Yard knows, by id. */
public final class Variants {
    private static final List<GameCatalog> CATALOGS = List.of(new DraughtsCatalog(), new PloyCatalog(), new PiracyCatalog());

    private Variants() {
    }

    /** All variant ids, in a stable order. */
    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (GameCatalog catalog : CATALOGS) {
            ids.addAll(catalog.ids());
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
        for (GameCatalog catalog : CATALOGS) {
            if (catalog.ids().contains(id)) {
                return catalog.create(id, options == null ? Map.of() : options);
            }
        }
        throw new InvalidInputException("Unknown variant '" + id + "'; known variants: " + String.join(", ", ids()) + ".");
    }
}
