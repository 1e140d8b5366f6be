package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a new password must be: 8 to 128 characters (Unicode code points, as NIST SP 800-63B counts them), not among the
 * common passwords shipped in {@value #LIST} (17 950 of them, from zxcvbn's lists, MIT; its header names the source),
 * not the player's own name. Nothing else (no "one digit and one symbol"): length and rarity are what resist guessing.
 * The refusals never repeat the password.
 */
public final class PasswordRules {
    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 128;
    static final String LIST = "/accounts/common-passwords.txt";
    private static final Set<String> COMMON = load();

    private PasswordRules() {
    }

    /** INVALID_ARGUMENT with the rule's sentence when {@code password} may not be used by {@code name}. */
    public static void check(String password, String name) {
        checkLength(password, "A password");
        if (COMMON.contains(password.toLowerCase(Locale.ROOT))) {
            throw LobbyException.invalid("This password is one of the " + String.format(Locale.ROOT, "%,d", COMMON.size())
                .replace(',', ' ') + " most common ones, which are tried first by anyone guessing; choose a longer or "
                + "rarer one (a few unrelated words make a good one).");
        }
        if (name != null && password.strip().equalsIgnoreCase(name.strip())) {
            throw LobbyException.invalid("A password may not be the player's name; choose another.");
        }
    }

    /**
     * INVALID_ARGUMENT when a password given to check against a stored hash is empty or longer than any password can be
     * (a sign-in's, a current password's); {@code what} names it in the sentence.
     */
    public static void checkLength(String password, String what) {
        int length = password == null ? 0 : password.codePointCount(0, password.length());
        if (length < MIN_LENGTH) {
            throw LobbyException.invalid(what + " has at least " + MIN_LENGTH + " characters; this one has " + length + ".");
        }
        if (length > MAX_LENGTH) {
            throw LobbyException.invalid(what + " has at most " + MAX_LENGTH + " characters; this one has " + length + ".");
        }
    }

    /** How many common passwords the shipped list holds. */
    static int commonCount() {
        return COMMON.size();
    }

    private static Set<String> load() {
        InputStream in = PasswordRules.class.getResourceAsStream(LIST);
        if (in == null) {
            throw new IllegalStateException("the common passwords list " + LIST + " is missing from the lobby's jar");
        }
        Set<String> words = new HashSet<>(40_000);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    words.add(line.toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(words);
    }
}
