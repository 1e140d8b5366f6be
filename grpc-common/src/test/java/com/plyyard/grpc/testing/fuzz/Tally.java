package com.plyyard.grpc.testing.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the calls of one property got: the statistics of a {@link Property} run.
 *
 * <p>Each call is counted under its group (the RPC) and label (the status code): for the coverage check the property
 * makes after its cases ({@link #assertEveryGroupGot}), and in a table printed and written to
 * {@code target/fuzz/NAME.txt} ({@link #write}), where docs/reliability.md takes its figures from.
 */
public final class Tally {
    private final String name;
    private final Map<String, Map<String, Integer>> counts = new TreeMap<>();
    private final long started = System.nanoTime();
    private int cases;

    public Tally(String name) {
        this.name = name;
    }

    /** Counts one call. */
    public synchronized void collect(String group, String label) {
        counts.computeIfAbsent(group, g -> new TreeMap<>()).merge(label, 1, Integer::sum);
        cases++;
    }

    /** Calls counted so far. */
    public synchronized int cases() {
        return cases;
    }

    public synchronized int count(String group, String label) {
        return counts.getOrDefault(group, Map.of()).getOrDefault(label, 0);
    }

    public synchronized Map<String, Map<String, Integer>> counts() {
        Map<String, Map<String, Integer>> copy = new TreeMap<>();
        counts.forEach((g, m) -> copy.put(g, new TreeMap<>(m)));
        return copy;
    }

    /**
     * A coverage check, made after the property's cases ({@link Property#then}): once at least {@code minCases} calls
     * were counted, every group got the label at least once (every RPC answered OK, say). A shorter run (one case rerun
     * by its seed, a run with few tries) passes it.
     *
     * @throws AssertionError naming the groups that never got the label, with the table
     */
    public synchronized void assertEveryGroupGot(Collection<String> groups, String label, int minCases) {
        if (cases < minCases) {
            System.out.println("[fuzz] " + name + ": " + cases + " calls, fewer than " + minCases
                + ": coverage of " + label + " not checked");
            return;
        }
        List<String> missing = groups.stream().filter(g -> count(g, label) == 0).toList();
        if (!missing.isEmpty()) {
            throw new AssertionError(name + ": in " + cases + " calls, never " + label + " for " + missing
                + System.lineSeparator() + table());
        }
    }

    /** One line per group with its labels and counts, then the totals per label. */
    public synchronized String table() {
        Map<String, Integer> totals = new TreeMap<>();
        StringBuilder b = new StringBuilder();
        b.append(String.format("%s: %d cases in %.1f s%n", name, cases, (System.nanoTime() - started) / 1e9));
        counts.forEach((group, labels) -> {
            b.append(String.format("  %-22s %6d  ", group, labels.values().stream().mapToInt(Integer::intValue).sum()));
            StringBuilder l = new StringBuilder();
            labels.forEach((label, n) -> {
                l.append(l.length() == 0 ? "" : ", ").append(label).append(' ').append(n);
                totals.merge(label, n, Integer::sum);
            });
            b.append(l).append(System.lineSeparator());
        });
        StringBuilder t = new StringBuilder();
        totals.forEach((label, n) -> t.append(t.length() == 0 ? "" : ", ").append(label).append(' ').append(n));
        b.append(String.format("  %-22s %6d  %s%n", "all", cases, t));
        return b.toString();
    }

    /** Prints the table and writes it to {@code target/fuzz/NAME.txt} (or the directory {@code plyyard.fuzz.dir}). */
    public void write() {
        String table = table();
        System.out.print(table);
        Path dir = Path.of(System.getProperty("plyyard.fuzz.dir", "target/fuzz"));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name + ".txt"), table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A text cut to {@code max} characters, saying how long it was: for inputs shown in failures. */
    public static String bounded(String s, int max) {
        if (s == null) {
            return "null";
        }
        return s.length() <= max ? s : s.substring(0, max) + "… (" + s.length() + " characters)";
    }
}
