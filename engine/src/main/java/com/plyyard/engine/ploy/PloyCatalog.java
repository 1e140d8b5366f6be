package com.plyyard.engine.ploy;

import com.plyyard.engine.GameCatalog;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.VariantRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The six Ploy variants: {@code ploy:<3m|imperium>:<2p|ffa|team>}. */
public final class PloyCatalog implements GameCatalog {
    @Override
    public List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (PloyRuleSet r : PloyRuleSet.values()) {
            for (PloyMode m : PloyMode.values()) {
                ids.add("ploy:" + r.id() + ":" + m.id());
            }
        }
        return ids;
    }

    @Override
    public VariantRules create(String id, Map<String, String> options) {
        String[] parts = id.split(":");
        PloyRuleSet ruleSet = PloyRuleSet.fromId(parts[1]);
        PloyMode mode = PloyMode.fromId(parts[2]);
        Partnership partnership = Partnership.SEED;
        boolean repetition = true;
        int plies = PloyRules.DEFAULT_NO_CAPTURE_DRAW_PLIES;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String value = e.getValue() == null ? "" : e.getValue().strip();
            switch (e.getKey()) {
                case PloyRules.OPTION_PARTNERSHIP -> {
                    if (mode != PloyMode.TEAMS) {
                        throw new InvalidInputException("Option partnership applies to team Ploy only, not to " + id + ".");
                    }
                    partnership = Partnership.fromId(value);
                }
                case PloyRules.OPTION_REPETITION_DRAW -> {
                    if (!value.equals("true") && !value.equals("false")) {
                        throw new InvalidInputException("Option repetition-draw must be true or false, not '" + value + "'.");
                    }
                    repetition = Boolean.parseBoolean(value);
                }
                case PloyRules.OPTION_NO_CAPTURE_DRAW_PLIES -> {
                    try {
                        plies = Integer.parseInt(value);
                    } catch (NumberFormatException ex) {
                        throw new InvalidInputException("Option no-capture-draw-plies must be a whole number of plies, not '"
                            + value + "'.");
                    }
                }
                default -> throw new InvalidInputException("Unknown option '" + e.getKey() + "' for " + id
                    + "; Ploy options are " + (mode == PloyMode.TEAMS ? "partnership, " : "")
                    + "repetition-draw and no-capture-draw-plies.");
            }
        }
        return new PloyRules(mode, ruleSet, partnership, repetition, plies);
    }
}
