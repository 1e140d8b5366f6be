package com.plyyard.lobby.players;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id (RFC 9106) password hashes in the PHC string format, {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>}
 * (unpadded standard base64), so every hash carries the parameters it was made with and can be checked after the
 * defaults are raised ({@link #needsRehash}). The arithmetic is Bouncy Castle's; this class only encodes and compares.
 * Pure and thread-safe; the CPU it costs is rationed by {@link PasswordHashing}.
 */
public final class PasswordHasher {
    /** A 16-byte salt and a 32-byte hash, as RFC 9106 recommends. */
    static final int SALT_BYTES = 16;
    static final int HASH_BYTES = 32;
    private static final Pattern PHC = Pattern.compile(
        "\\$argon2id\\$v=19\\$m=(\\d{1,8}),t=(\\d{1,3}),p=(\\d{1,2})\\$([A-Za-z0-9+/]{16,64})\\$([A-Za-z0-9+/]{16,128})");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODE = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getDecoder();

    /**
     * Argon2id's cost: memory in KiB, passes over it, lanes. OWASP's Password Storage Cheat Sheet (2025) names m = 19 MiB,
     * t = 2, p = 1 as the minimum; {@link AccountsConfig} refuses less.
     */
    public record Cost(int memoryKib, int iterations, int parallelism) {
        /** OWASP's minimum, the default. */
        public static final Cost OWASP_MINIMUM = new Cost(19_456, 2, 1);

        /** Whether this cost is at least {@code other} in every parameter. */
        boolean atLeast(Cost other) {
            return memoryKib >= other.memoryKib && iterations >= other.iterations && parallelism >= other.parallelism;
        }

        @Override
        public String toString() {
            return "m=" + memoryKib + ",t=" + iterations + ",p=" + parallelism;
        }
    }

    private PasswordHasher() {
    }

    /** A new hash of {@code password} with a fresh random salt. */
    public static String hash(String password, Cost cost) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] out = derive(password, salt, cost, HASH_BYTES);
        return "$argon2id$v=19$" + cost + "$" + ENCODE.encodeToString(salt) + "$" + ENCODE.encodeToString(out);
    }

    /**
     * Whether {@code password} is the one {@code phc} was made from, compared in constant time. A string that is not an
     * Argon2id PHC hash of this format never matches (it is not an error: the caller answers as for a wrong password).
     */
    public static boolean matches(String password, String phc) {
        Matcher m = PHC.matcher(phc);
        if (!m.matches()) {
            return false;
        }
        Cost cost = new Cost(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        byte[] salt = DECODE.decode(m.group(4));
        byte[] expected = DECODE.decode(m.group(5));
        return MessageDigest.isEqual(expected, derive(password, salt, cost, expected.length));
    }

    /** Whether a stored hash was made with less than {@code wanted} (or does not read): it is made again at sign-in. */
    public static boolean needsRehash(String phc, Cost wanted) {
        Matcher m = PHC.matcher(phc);
        return !m.matches() || !new Cost(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
            Integer.parseInt(m.group(3))).atLeast(wanted);
    }

    private static byte[] derive(String password, byte[] salt, Cost cost, int length) {
        Argon2Parameters parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
            .withVersion(Argon2Parameters.ARGON2_VERSION_13).withSalt(salt).withMemoryAsKB(cost.memoryKib())
            .withIterations(cost.iterations()).withParallelism(cost.parallelism()).build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(parameters);
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
