package com.plyyard.engine.draughts;

import com.plyyard.engine.GameCatalog;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.VariantRules;
import java.util.List;
import java.util.Map;

/** The draughts variants: {@code draughts:fmjd} and {@code draughts:plyyard}. */
public final class DraughtsCatalog implements GameCatalog {
    @Override
    public List<String> ids() {
        return List.of("draughts:fmjd", "draughts:plyyard");
    }

    @Override
    public VariantRules create(String id, Map<String, String> options) {
        DraughtsRuleSet ruleSet = DraughtsRuleSet.fromId(id.substring(id.indexOf(':') + 1));
        if (ruleSet == DraughtsRuleSet.FMJD) {
            if (!options.isEmpty()) {
                throw new InvalidInputException("draughts:fmjd has no options (got " + String.join(", ", options.keySet())
                    + "); the FMJD draw rules are fixed.");
            }
            return DraughtsRules.fmjd();
        }
        int plies = DraughtsRules.DEFAULT_NO_CAPTURE_DRAW_PLIES;
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (!e.getKey().equals(DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES)) {
                throw new InvalidInputException("Unknown option '" + e.getKey() + "' for draughts:plyyard; its only option is "
                    + DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES + ".");
            }
            try {
                plies = Integer.parseInt(e.getValue().strip());
            } catch (NumberFormatException ex) {
                throw new InvalidInputException("Option " + DraughtsRules.OPTION_NO_CAPTURE_DRAW_PLIES
                    + " must be a whole number of plies, not '" + e.getValue() + "'.");
            }
        }
        return DraughtsRules.plyyard(plies);
    }
}
