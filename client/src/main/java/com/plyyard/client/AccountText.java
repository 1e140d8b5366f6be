package com.plyyard.client;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** What the account commands share: this device's label, and the recovery codes shown once. */
final class AccountText {
    private AccountText() {
    }

    /** The label the lobby shows in the sessions list: "terminal on Linux" (at most 64 characters). */
    static String deviceLabel() {
        String os = System.getProperty("os.name", "").strip();
        String label = os.isEmpty() ? "terminal" : "terminal on " + os;
        return label.length() > 64 ? label.substring(0, 64) : label;
    }

    /**
     * The codes, one {@code recovery_code=<code>} line each, after a line saying what they are for and to keep them:
     * the lobby keeps only their hashes, so this is the one time anyone sees them.
     */
    static void printCodes(PrintWriter out, String name, List<String> codes) {
        out.println("recovery codes for " + name + ", shown only now: keep them somewhere safe, away from this machine;"
            + " each one, once, restores the account with ./plyyard recover --name " + name);
        for (String code : codes) {
            out.println("recovery_code=" + code);
        }
    }

    /** "1 other session", "2 other sessions". */
    static String sessions(long n, String adjective) {
        return n + " " + adjective + (adjective.isEmpty() ? "" : " ") + (n == 1 ? "session" : "sessions");
    }

    static String kind(com.plyyard.proto.v1.SessionKind kind) {
        return switch (kind) {
            case SESSION_KIND_TOKEN -> "token";
            case SESSION_KIND_PASSWORD -> "password";
            case SESSION_KIND_RECOVERY -> "recovery";
            default -> kind.name().toLowerCase(Locale.ROOT);
        };
    }
}
