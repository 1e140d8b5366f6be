package com.plyyard.engine.ploy;

/** The four Ploy pieces with their range. */
public enum PieceKind {
    COMMANDER(1, 'C'),
    LANCE(3, 'L'),
    PROBE(2, 'P'),
    SHIELD(1, 'S');

    private final int range;
    private final char letter;

    PieceKind(int range, char letter) {
        this.range = range;
        this.letter = letter;
    }

    /** How many points it may travel in one motion. */
    public int range() {
        return range;
    }

    public char letter() {
        return letter;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
