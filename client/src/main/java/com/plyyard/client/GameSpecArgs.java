package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.TimeControl;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The game a seek, pool ticket or challenge is for. */
public class GameSpecArgs {
    @Option(names = "--variant", required = true, paramLabel = "ID", description = "Variant, e.g. ploy:3m:ffa.")
    String variant;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "Variant option (repeatable).")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--time", paramLabel = "MIN+SEC", description = "Clock, e.g. 5+3; default none.")
    String time;

    @Option(names = "--rated", description = "A rated game (default casual).")
    boolean rated;

    GameSpec spec() {
        VariantRules rules = Variants.get(variant, options);
        TimeControl tc = TimeControl.getDefaultInstance();
        if (time != null) {
            String[] parts = time.split("\\+");
            try {
                tc = TimeControl.newBuilder().setInitialSeconds(Integer.parseInt(parts[0]) * 60)
                    .setIncrementSeconds(parts.length > 1 ? Integer.parseInt(parts[1]) : 0).build();
            } catch (NumberFormatException e) {
                throw CliException.badInput("--time must be minutes+seconds, e.g. 5+3, not '" + time + "'.");
            }
        }
        return GameSpec.newBuilder().setVariant(variant).setOptions(ProtoMapper.standard().variant(rules).getOptions())
            .setTimeControl(tc).setRated(rated).build();
    }
}
