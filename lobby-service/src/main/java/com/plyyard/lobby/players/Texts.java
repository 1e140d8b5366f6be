package com.plyyard.lobby.players;

/** Bits of the account sentences. */
final class Texts {
    private Texts() {
    }

    /** A client's text quoted in a sentence: at most 40 characters, the rest elided (a status sentence stays short). */
    static String shorten(String text) {
        String t = text == null ? "" : text.strip();
        return t.length() <= 40 ? t : t.substring(0, 37) + "…";
    }
}
