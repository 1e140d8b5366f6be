package com.plyyard.grpc.testing.fuzz;

import java.util.Random;

/**
 * Text inputs for the properties: empty and blank, short and long, every kind of Unicode (surrogate pairs, lone
 * surrogates, combining marks, right-to-left), control characters and NUL, lengths at and around the edge's limits
 * (docs/contracts.md: 64, 256, 400, 1024), huge texts up to about 100 000 characters, and <em>mutations</em> of valid
 * texts (a character flipped, inserted, deleted, the text cut or doubled...), which reach deeper than random text.
 */
public final class Texts {
    /** The edge's field limits and one either side of each. */
    private static final int[] EDGE_LENGTHS = {63, 64, 65, 255, 256, 257, 399, 400, 401, 1023, 1024, 1025};
    private static final String ASCII_PUNCT = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    private static final String ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789:-_";
    private static final String NOTATION_CHARS = "0123456789abcdefghiKWBxX-:/., =+*#LFR";
    private static final int[] CONTROL = {0x00, 0x01, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f, 0x7f, 0x80,
        0x85, 0x9f};
    private static final int[] ODD = {0x00a0, 0x00ad, 0x0301, 0x05d0, 0x0627, 0x200b, 0x200d, 0x200e, 0x202e, 0x2028,
        0x2029, 0x3000, 0x4e2d, 0xfeff, 0xfffd, 0xffff, 0x1f600, 0x1f3f4, 0x10ffff};

    private Texts() {
    }

    /** Any text at all, weighted towards the interesting. */
    public static Gen<String> any() {
        return Gen.frequency(
            Gen.weight(6, Gen.constant("")),
            Gen.weight(3, blank()),
            Gen.weight(14, ascii(1, 24)),
            Gen.weight(12, of(ID_CHARS, 1, 40)),
            Gen.weight(8, unicode(1, 40)),
            Gen.weight(10, withControl(ascii(0, 30))),
            Gen.weight(8, edgeLength()),
            Gen.weight(4, huge()));
    }

    /** Text an id field might hold: mostly short, sometimes broken. */
    public static Gen<String> idLike() {
        return Gen.frequency(
            Gen.weight(5, Gen.constant("")),
            Gen.weight(20, of(ID_CHARS, 1, 40)),
            Gen.weight(8, ascii(1, 40)),
            Gen.weight(4, unicode(1, 20)),
            Gen.weight(4, withControl(of(ID_CHARS, 1, 20))),
            Gen.weight(4, edgeLength()),
            Gen.weight(2, huge()));
    }

    public static Gen<String> blank() {
        return Gen.elements(" ", "  ", "\t", " \u00a0 ", "\u3000", "\u200b");
    }

    public static Gen<String> ascii(int minLength, int maxLength) {
        return of(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
            minLength, maxLength);
    }

    public static Gen<String> of(String alphabet, int minLength, int maxLength) {
        return r -> {
            int n = minLength + r.nextInt(maxLength - minLength + 1);
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            return b.toString();
        };
    }

    /** Text in the notations' own characters: digits, files, separators — closer to a move than random text. */
    public static Gen<String> notationLike() {
        return of(NOTATION_CHARS, 1, 24);
    }

    /** Letters from every script, surrogate pairs, lone surrogates, combining and invisible characters. */
    public static Gen<String> unicode(int minLength, int maxLength) {
        return r -> {
            int n = minLength + r.nextInt(maxLength - minLength + 1);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < n; i++) {
                appendRandomChar(b, r);
            }
            return b.toString();
        };
    }

    /** The text with one to three control characters (NUL included) put in. */
    public static Gen<String> withControl(Gen<String> text) {
        return r -> {
            StringBuilder b = new StringBuilder(text.next(r));
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                b.insert(r.nextInt(b.length() + 1), (char) CONTROL[r.nextInt(CONTROL.length)]);
            }
            return b.toString();
        };
    }

    /** A text of a length at or around one of the edge's limits. */
    public static Gen<String> edgeLength() {
        return r -> {
            int n = EDGE_LENGTHS[r.nextInt(EDGE_LENGTHS.length)];
            return repeatTo(r.nextBoolean() ? "a" : "ab1-", n);
        };
    }

    /** 2 000 to about 100 000 characters. */
    public static Gen<String> huge() {
        return r -> {
            int n = r.nextInt(4) == 0 ? 100_000 : 2_000 + r.nextInt(60_000);
            String unit = switch (r.nextInt(4)) {
                case 0 -> "x";
                case 1 -> "32-28 ";
                case 2 -> "\u4e2d\ud83d\ude00";
                default -> "a\u0000";
            };
            return repeatTo(unit, n);
        };
    }

    /** {@code valid}, changed in one to three places. */
    public static Gen<String> mutated(Gen<String> valid) {
        return r -> mutate(valid.next(r), r);
    }

    /** The text changed in one to three places: flipped, inserted, deleted, cut, doubled, swapped, cased... */
    public static String mutate(String valid, Random r) {
        String s = valid;
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            s = mutateOnce(s, r);
        }
        return wellFormed(s);
    }

    /**
     * The text with every unpaired surrogate (a cut or reversed pair) replaced by U+FFFD: what a client can put in a
     * protobuf string (protobuf-java writes '?' for it and logs a warning). Ill-formed UTF-8 on the wire is
     * {@link Wire}'s part.
     */
    public static String wellFormed(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : !Character.isLowSurrogate(c);
            if (Character.isHighSurrogate(c) && paired) {
                if (b != null) {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
                continue;
            }
            if (!paired && b == null) {
                b = new StringBuilder(s.length()).append(s, 0, i);
            }
            if (b != null) {
                b.append(paired ? c : '\ufffd');
            }
        }
        return b == null ? s : b.toString();
    }

    private static String mutateOnce(String s, Random r) {
        int len = s.length();
        int at = len == 0 ? 0 : r.nextInt(len);
        switch (r.nextInt(14)) {
            case 0: // flip one character
                return len == 0 ? randomChar(r) : s.substring(0, at) + randomChar(r) + s.substring(at + 1);
            case 1: // insert one
                return s.substring(0, at) + randomChar(r) + s.substring(at);
            case 2: // delete one
                return len == 0 ? s : s.substring(0, at) + s.substring(at + 1);
            case 3: // cut
                return s.substring(0, at);
            case 4: // keep the tail
                return s.substring(at);
            case 5: { // double a piece
                int end = at + r.nextInt(len - at + 1);
                return s.substring(0, end) + s.substring(at, end) + s.substring(end);
            }
            case 6: // swap two neighbours
                return len < 2 || at == len - 1 ? s : s.substring(0, at) + s.charAt(at + 1) + s.charAt(at) + s.substring(at + 2);
            case 7: // change case
                return r.nextBoolean() ? s.toUpperCase(java.util.Locale.ROOT) : s.toLowerCase(java.util.Locale.ROOT);
            case 8: { // a number in place of a digit run
                String number = switch (r.nextInt(6)) {
                    case 0 -> "0";
                    case 1 -> "-1";
                    case 2 -> "4294967296";
                    case 3 -> "99999999999999999999";
                    case 4 -> Integer.toString(r.nextInt(60));
                    default -> "2147483648";
                };
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\d+").matcher(s);
                return m.find(at) || m.find(0) ? s.substring(0, m.start()) + number + s.substring(m.end()) : s + number;
            }
            case 9: // a separator
                return s.substring(0, at) + "x-:/ ,=.".charAt(r.nextInt(8)) + s.substring(at);
            case 10: // surrounding space
                return r.nextBoolean() ? " " + s + " " : "\u00a0" + s;
            case 11: // a control character
                return s.substring(0, at) + (char) CONTROL[r.nextInt(CONTROL.length)] + s.substring(at);
            case 12: // doubled whole
                return s + (r.nextBoolean() ? " " : "") + s;
            default: { // reverse a piece
                int end = at + r.nextInt(len - at + 1);
                return s.substring(0, at) + new StringBuilder(s.substring(at, end)).reverse() + s.substring(end);
            }
        }
    }

    private static String randomChar(Random r) {
        StringBuilder b = new StringBuilder(2);
        switch (r.nextInt(4)) {
            case 0 -> b.append(NOTATION_CHARS.charAt(r.nextInt(NOTATION_CHARS.length())));
            case 1 -> b.append(ASCII_PUNCT.charAt(r.nextInt(ASCII_PUNCT.length())));
            case 2 -> b.append((char) ('a' + r.nextInt(26)));
            default -> appendRandomChar(b, r);
        }
        return b.toString();
    }

    private static void appendRandomChar(StringBuilder b, Random r) {
        switch (r.nextInt(5)) {
            case 0 -> b.append((char) (0x20 + r.nextInt(0x5f)));
            case 1 -> b.appendCodePoint(ODD[r.nextInt(ODD.length)]);
            case 2 -> b.append((char) (0xa0 + r.nextInt(0x2000)));
            case 3 -> b.appendCodePoint(0x1f300 + r.nextInt(0x300));
            default -> { // any code point of the BMP
                int c = r.nextInt(0x10000 - 0x800);
                b.append((char) (c < 0xd800 ? c : c + 0x800));
            }
        }
    }

    private static String repeatTo(String unit, int length) {
        StringBuilder b = new StringBuilder(length + unit.length());
        while (b.length() < length) {
            b.append(unit);
        }
        b.setLength(length);
        return wellFormed(b.toString());
    }
}
