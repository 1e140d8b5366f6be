package com.plyyard.grpc.testing.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.statistics.Statistics;

/**
 * The bridge from the harness to jqwik, which runs the properties ({@code @Property} over {@code @ForAll} calls), and
 * what the calls of one property got.
 *
 * <p>Inputs come from a {@link Gen} drawing from the {@link java.util.Random} jqwik hands each try
 * ({@link #arbitrary}), so jqwik's seed repeats every input of a run ({@code @Property(seed = "…")}; after a failure the
 * next run starts with that seed). jqwik does not shrink them: the properties run against live services whose answer to
 * a call may depend on what earlier calls stored, so a failure is reported with the whole input and the seed instead.
 *
 * <p>Each call is counted under its group (the RPC) and label (the status code): in jqwik's statistics report (the label
 * is this tally's name), in its coverage checks ({@link #everyGroupGot}), and in a table written to
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

    /** A jqwik arbitrary that draws from the generator with the try's random source. */
    public static <T> Arbitrary<T> arbitrary(Gen<T> gen) {
        return Arbitraries.randomValue(gen::next);
    }

    /** Counts one call: here and, inside a jqwik try, in jqwik's statistics. */
    public void collect(String group, String label) {
        synchronized (this) {
            counts.computeIfAbsent(group, g -> new TreeMap<>()).merge(label, 1, Integer::sum);
            cases++;
        }
        Statistics.label(name).collect(group, label);
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
     * A jqwik coverage check, called from the property: once the property has run at least {@code minTries} tries, every
     * group got the label at least once (every RPC answered OK, say). A shorter run (repeating one failing seed) skips it.
     */
    public void everyGroupGot(Collection<String> groups, String label, int minTries) {
        Statistics.label(name).coverage(coverage -> groups.forEach(group -> coverage.check(group, label)
            .count((Integer n, Integer all) -> all < minTries || n > 0)));
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
