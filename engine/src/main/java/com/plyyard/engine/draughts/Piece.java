package com.plyyard.engine.draughts;

/** A draughts piece. */
public enum Piece {
    WHITE_MAN(true, false),
    WHITE_KING(true, true),
    BLACK_MAN(false, false),
    BLACK_KING(false, true);

    private final boolean white;
    private final boolean king;

    Piece(boolean white, boolean king) {
        this.white = white;
        this.king = king;
    }

    public boolean white() {
        return white;
    }

    public boolean king() {
        return king;
    }

    public static Piece of(boolean white, boolean king) {
        return white ? (king ? WHITE_KING : WHITE_MAN) : (king ? BLACK_KING : BLACK_MAN);
    }
}
