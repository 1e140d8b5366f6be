package com.plyyard.grpc;

/**
 * Bounds on what a status says. A description travels in an HTTP/2 header (percent-encoded, up to 12 bytes per
 * character), and common clients refuse a header block over 8 KiB — the call then hangs until its deadline and the
 * connection stops serving others. So every description is cut to {@link #MAX_DESCRIPTION} printable characters,
 * whatever input a refusal quotes (itself bounded by {@link InputLimits}).
 */
public final class Sentences {
    /** The longest description any Ply Yard status carries, in characters. */
    public static final int MAX_DESCRIPTION = 400;
    /** How a cut description ends: still a sentence. */
    static final String CUT = "… (shortened).";

    private Sentences() {
    }

    /** {@code description} with control characters written out and, when longer, cut to {@link #MAX_DESCRIPTION}
     * characters ending in {@value #CUT} */
    public static String bounded(String description) {
        if (description == null) {
            return null;
        }
        boolean clean = description.length() <= MAX_DESCRIPTION;
        for (int i = 0; clean && i < description.length(); i++) {
            clean = !isControl(description.charAt(i));
        }
        if (clean) {
            return description;
        }
        StringBuilder out = new StringBuilder(MAX_DESCRIPTION + 8);
        int i = 0;
        while (i < description.length() && out.length() < MAX_DESCRIPTION - CUT.length()) {
            int cp = description.codePointAt(i);
            appendPrintable(out, cp);
            i += Character.charCount(cp);
        }
        if (i < description.length()) {
            out.append(CUT);
        }
        return out.toString();
    }

    /** A control character (C0, DEL, C1): never stored, never echoed. */
    public static boolean isControl(int cp) {
        return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
    }

    private static void appendPrintable(StringBuilder out, int cp) {
        if (isControl(cp)) {
            out.append(String.format("\\u%04x", cp));
        } else {
            out.appendCodePoint(cp);
        }
    }
}
