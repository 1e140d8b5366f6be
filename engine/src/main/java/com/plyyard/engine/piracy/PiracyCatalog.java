package com.plyyard.engine.piracy;

import com.plyyard.engine.GameCatalog;
import com.plyyard.engine.VariantRules;
import java.util.List;
import java.util.Map;

/** The Piracy variant: {@code piracy:classic}. */
public final class PiracyCatalog implements GameCatalog {
    @Override
    public List<String> ids() {
        return List.of("piracy:classic");
    }

    @Override
    public VariantRules create(String id, Map<String, String> options) {
        return PiracyRules.fromOptions(options);
    }
}
