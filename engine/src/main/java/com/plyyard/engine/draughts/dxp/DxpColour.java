package com.plyyard.engine.draughts.dxp;

/** A colour as DXP writes it: {@code W} for White, {@code Z} (Dutch "zwart") for Black. */
public enum DxpColour {
    WHITE('W'),
    BLACK('Z');

    private final char code;

    DxpColour(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    public DxpColour opposite() {
        return this == WHITE ? BLACK : WHITE;
    }

    public boolean white() {
        return this == WHITE;
    }

    public static DxpColour of(boolean white) {
        return white ? WHITE : BLACK;
    }

    /** Lower-case English name, as the command line prints it. */
    public String label() {
        return white() ? "white" : "black";
    }

    /** @throws DxpException unless the character is W or Z */
    static DxpColour parse(char c, String field) {
        return switch (c) {
            case 'W' -> WHITE;
            case 'Z' -> BLACK;
            default -> throw new DxpException("The " + field + " must be W (white) or Z (black), not '" + c + "'.");
        };
    }
}
