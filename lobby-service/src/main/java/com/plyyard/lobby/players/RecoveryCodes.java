package com.plyyard.lobby.players;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recovery codes: {@value #COUNT} per account, each 16 characters of Crockford's base32 (80 random bits) shown in four
 * groups, {@code k7m2-x9qp-4hzt-w3ne}. They are read back ignoring case, dashes and spaces, with the letters people
 * confuse taken as the digits they look like (o → 0, i and l → 1). Only their SHA-256 is stored: 80 bits are beyond
 * guessing, so a slow hash would buy nothing.
 */
public final class RecoveryCodes {
    public static final int COUNT = 10;
    static final int LENGTH = 16;
    private static final String ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private RecoveryCodes() {
    }

    /** {@value #COUNT} new codes, as shown to the player. */
    public static List<String> generate() {
        List<String> codes = new ArrayList<>(COUNT);
        for (int i = 0; i < COUNT; i++) {
            StringBuilder sb = new StringBuilder(LENGTH + 3);
            for (int c = 0; c < LENGTH; c++) {
                if (c > 0 && c % 4 == 0) {
                    sb.append('-');
                }
                sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
            }
            codes.add(sb.toString());
        }
        return codes;
    }

    /**
     * The code as stored (its canonical form hashed), or null when {@code typed} cannot be a recovery code (then it may be
     * an operator's reset token).
     */
    public static String canonical(String typed) {
        StringBuilder sb = new StringBuilder(LENGTH);
        for (char ch : typed.toLowerCase(Locale.ROOT).toCharArray()) {
            if (ch == '-' || ch == ' ') {
                continue;
            }
            char c = switch (ch) {
                case 'o' -> '0';
                case 'i', 'l' -> '1';
                default -> ch;
            };
            if (ALPHABET.indexOf(c) < 0 || sb.length() == LENGTH) {
                return null;
            }
            sb.append(c);
        }
        return sb.length() == LENGTH ? sb.toString() : null;
    }
}
