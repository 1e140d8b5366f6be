package com.plyyard.engine;

/**
 * Why a game ended; mirrors {@code plyyard.v1.EndReason}, constant by constant through mapping's
 * {@code EndReasons} (a constant added here must be added there and to the proto).
 */
public enum EndReason {
    NO_PIECES,
    NO_LEGAL_MOVE,
    COMMANDER_CAPTURED,
    BARE_COMMANDER,
    LAST_STANDING,
    SHIP_SURVIVED,
    THREEFOLD_REPETITION,
    TWENTY_FIVE_MOVE_RULE,
    SIXTEEN_MOVE_RULE,
    FIVE_MOVE_RULE,
    NO_CAPTURE_LIMIT,
    BOTH_SUNK,
    SURVIVOR_SANK,
    PLY_LIMIT,
    AGREEMENT,
    RESIGNATION,
    TIMEOUT,
    ABORTED;

    /** Lower-case, dash-separated name used in command-line output, e.g. {@code no-legal-move}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
