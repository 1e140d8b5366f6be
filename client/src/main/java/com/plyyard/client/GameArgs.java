package com.plyyard.client;

import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every offline command shares: the variant, its options and a position. */
public class GameArgs {
    @Option(names = "--variant", required = true, paramLabel = "ID",
        description = "Variant id, e.g. draughts:fmjd, draughts:plyyard, ploy:3m:2p, ploy:imperium:team, piracy:classic.")
    String variant;

    @Option(names = "--position", paramLabel = "TEXT",
        description = "Position in the game's notation (draughts: FEN such as W:W31-50:B1-20; Ploy: PPN; Piracy: 8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -). Default: the start.")
    String position;

    @Option(names = "--option", paramLabel = "KEY=VALUE",
        description = "Variant option (repeatable), e.g. no-capture-draw-plies=60 for draughts:plyyard.")
    Map<String, String> options = new LinkedHashMap<>();

    /** @throws com.plyyard.engine.InvalidInputException for an unknown variant or a bad option */
    public VariantRules rules() {
        return Variants.get(variant, options);
    }

    /** @throws com.plyyard.engine.InvalidInputException for a malformed position */
    public Position position(VariantRules rules) {
        return position == null ? rules.start() : rules.parse(position);
    }
}
