package com.plyyard.engine.ploy;

import com.plyyard.engine.InvalidInputException;

/** What happens to a team player who is out (team mode only). */
public enum Partnership {
    /** The partner takes over the remaining pieces and the turns; seed rule, the default. */
    SEED("seed"),
    /** Pieces never change hands; a player without a Commander still moves its pieces; an empty seat's turn is the partner's. */
    THREE_M("3m");

    private final String id;

    Partnership(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Partnership fromId(String id) {
        for (Partnership p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new InvalidInputException("Unknown partnership '" + id + "'; expected seed or 3m.");
    }
}
