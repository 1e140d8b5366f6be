package com.plyyard.engine;

import java.util.List;
import java.util.Map;

/** One game's variants, as {@link Variants} sees them. */
public interface GameCatalog {
    /** Variant ids this catalog serves, e.g. ["draughts:fmjd", "draughts:plyyard"]. */
    List<String> ids();

    /**
     * @param options key=value options; unknown keys or bad values are rejected
     * @throws InvalidInputException with the reason
     */
    VariantRules create(String id, Map<String, String> options);
}
