package com.plyyard.engine.piracy;

import com.plyyard.engine.LegalMove;

/**
 * A legal Piracy move: {@code L}, {@code F} or {@code R} (at a port L and R turn 90°). Its notation carries
 * what the move does: {@code +} per hit dealt, {@code !} per circle penalty taken, {@code ~} when the ship
 * runs aground, {@code #} when the enemy sinks — e.g. {@code F++}, {@code L~}; the long form adds the new bow
 * square, {@code Fc3++}.
 */
public final class PiracyMove implements LegalMove {
    private final int code;
    private final String bow;
    private final int hitsDealt;
    private final int penalties;
    private final boolean aground;
    private final boolean sinksEnemy;

    PiracyMove(int code, String bow, int hitsDealt, int penalties, boolean aground, boolean sinksEnemy) {
        this.code = code;
        this.bow = bow;
        this.hitsDealt = hitsDealt;
        this.penalties = penalties;
        this.aground = aground;
        this.sinksEnemy = sinksEnemy;
    }

    int code() {
        return code;
    }

    /** "L", "F" or "R". */
    public String turn() {
        int units = PiracyMoveGenerator.units(code);
        return units > 0 ? "L" : units < 0 ? "R" : "F";
    }

    /** Turn in 45° steps: +1 L, 0 F, −1 R, ±2 at a port. */
    public int units() {
        return PiracyMoveGenerator.units(code);
    }

    /** The new bow square; for a ship running aground, the land square it sails onto (may be off the board: "-"). */
    public String bow() {
        return bow;
    }

    public int hitsDealt() {
        return hitsDealt;
    }

    public int penalties() {
        return penalties;
    }

    public boolean aground() {
        return aground;
    }

    public boolean sinksEnemy() {
        return sinksEnemy;
    }

    private String suffixes() {
        return "+".repeat(hitsDealt) + "!".repeat(penalties) + (aground ? "~" : "") + (sinksEnemy ? "#" : "");
    }

    @Override
    public String notation() {
        return turn() + suffixes();
    }

    /** The long form: the turn and the new bow square, then the suffixes. */
    public String longNotation() {
        return turn() + (aground ? "" : bow) + suffixes();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PiracyMove m && m.code == code && m.bow.equals(bow);
    }

    @Override
    public int hashCode() {
        return code * 31 + bow.hashCode();
    }

    @Override
    public String toString() {
        return notation();
    }
}
