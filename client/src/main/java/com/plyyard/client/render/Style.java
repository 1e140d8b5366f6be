package com.plyyard.client.render;

/**
 * How boards are drawn: Unicode or plain ASCII, with or without ANSI colours. {@link #detect()} picks Unicode
 * and colours for an interactive terminal that is not "dumb" and has no NO_COLOR set.
 */
public record Style(boolean unicode, boolean colour) {
    public static final Style ASCII = new Style(false, false);
    public static final Style UNICODE = new Style(true, false);

    public static Style detect() {
        String term = System.getenv("TERM");
        boolean terminal = System.console() != null && term != null && !term.equals("dumb");
        boolean colour = terminal && System.getenv("NO_COLOR") == null;
        String lang = String.valueOf(System.getenv("LC_ALL")) + System.getenv("LC_CTYPE") + System.getenv("LANG");
        boolean unicode = lang.toUpperCase(java.util.Locale.ROOT).contains("UTF");
        return new Style(unicode || terminal, colour);
    }

    private static final String RESET = "\u001b[0m";

    /** Wraps text in an ANSI colour (30–37 codes) when colours are on. */
    String paint(String text, int ansi) {
        return colour ? "\u001b[" + ansi + "m" + text + RESET : text;
    }

    String bold(String text) {
        return colour ? "\u001b[1m" + text + RESET : text;
    }
}
