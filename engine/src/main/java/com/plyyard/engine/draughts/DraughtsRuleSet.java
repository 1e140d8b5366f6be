package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;

/**
 * The two rule sets of international draughts. They share code but never behaviour: every switch
 * between them goes through one of the properties below.
 */
public enum DraughtsRuleSet {
    /** FMJD standard: White starts, Turkish strike, plain majority rule, FMJD draw rules. */
    FMJD("fmjd", true, false, false),
    /** Ply Yard local rules: Black starts, immediate removal, king tie-break, local no-capture draw. */
    PLYYARD("plyyard", false, true, true);

    private final String id;
    private final boolean whiteStarts;
    private final boolean removesImmediately;
    private final boolean kingPriority;

    DraughtsRuleSet(String id, boolean whiteStarts, boolean removesImmediately, boolean kingPriority) {
        this.id = id;
        this.whiteStarts = whiteStarts;
        this.removesImmediately = removesImmediately;
        this.kingPriority = kingPriority;
    }

    public String id() {
        return id;
    }

    public boolean whiteStarts() {
        return whiteStarts;
    }

    /** True when captured pieces leave the board at once (plyyard); false for the Turkish-strike rule. */
    public boolean removesImmediately() {
        return removesImmediately;
    }

    /** True when, among sequences of equal length, those capturing more kings are obligatory. */
    public boolean kingPriority() {
        return kingPriority;
    }

    public static DraughtsRuleSet fromId(String id) {
        for (DraughtsRuleSet r : values()) {
            if (r.id.equals(id)) {
                return r;
            }
        }
        throw new InvalidInputException("Unknown draughts rule set '" + id + "'; expected fmjd or plyyard.");
    }
}
