package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;

/** How far a piece may rotate in one move: {@code 3m} any multiple of 45°, {@code imperium} ±45° only. */
public enum PloyRuleSet {
    THREE_M("3m", false),
    IMPERIUM("imperium", true);

    private final String id;
    private final boolean imperium;

    PloyRuleSet(String id, boolean imperium) {
        this.id = id;
        this.imperium = imperium;
    }

    public String id() {
        return id;
    }

    /** True when rotations are limited to ±45°. */
    public boolean quarterTurnsOnly() {
        return imperium;
    }

    public static PloyRuleSet fromId(String id) {
        for (PloyRuleSet r : values()) {
            if (r.id.equals(id)) {
                return r;
            }
        }
        throw new InvalidInputException("Unknown Ploy rule set '" + id + "'; expected 3m or imperium.");
    }
}
