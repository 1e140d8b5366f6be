package com.plyyard.client.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean": the names closest to a mistyped one. Close is a small edit distance in which swapping two neighbouring
 * letters counts as one edit ({@code paly} → {@code play}, {@code disabel} → {@code disable}), or the typed word being
 * the start of a name ({@code sess} → {@code sessions}). picocli's own suggestions compare letter pairs, which misses
 * exactly those swaps and offers unrelated names for a word that is nothing like any.
 */
public final class Suggestions {
    private Suggestions() {
    }

    /** Up to three names close to {@code typed}, the closest first; empty when none is close. */
    public static List<String> closest(String typed, Collection<String> names) {
        String t = typed.toLowerCase(Locale.ROOT);
        int allowed = Math.max(1, stem(t).length() / 3);
        return names.stream().filter(n -> !n.equals(typed))
            .filter(n -> distance(t, n.toLowerCase(Locale.ROOT)) <= allowed
                || stem(t).length() >= 3 && stem(n.toLowerCase(Locale.ROOT)).startsWith(stem(t)))
            .sorted(Comparator.comparingInt((String n) -> distance(t, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
            .distinct().limit(3).toList();
    }

    /** The word without an option's leading dashes. */
    private static String stem(String s) {
        return s.replaceFirst("^-+", "");
    }

    /**
     * The optimal-string-alignment distance: insertions, deletions, substitutions and transpositions of adjacent letters,
     * each one edit, no substring edited twice.
     */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
