package com.plyyard.grpc.testing.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Runs a property: {@code tries} cases, each drawn by a generator from its own {@link Random}, checked by a body that
 * throws when the property does not hold. Written for properties over live services, where jqwik-style shrinking does not
 * apply (a case's outcome may depend on what earlier cases stored), so a failure is reported with everything needed to
 * repeat it instead:
 *
 * <ul>
 *   <li>the run's seed, printed at the start and in the failure; case {@code i} draws from a {@link Random} seeded with
 *   a mix of the run's seed and {@code i}, so the same seed repeats the same cases in the same order;
 *   <li>{@code -Dplyyard.fuzz.seed=S} fixes the seed; {@code -Dplyyard.fuzz.case=i} runs case {@code i} alone (exact for a
 *   stateless service); {@code -Dplyyard.fuzz.tries=N} sets the number of cases (the build's default: 10 000; 100 000
 *   under {@code -Pslow});
 *   <li>after a failure the seed is kept in {@code target/fuzz/NAME.failed-seed} and the next run without an explicit
 *   seed uses it again (the failure comes back first), until a run with it passes.
 * </ul>
 *
 * Each case labels what it did ({@link Case#collect}, e.g. the RPC and the status code); the run prints how many cases
 * got each label, and writes the table to {@code target/fuzz/NAME.txt}.
 */
public final class PropertyRun {
    public static final String TRIES = "plyyard.fuzz.tries";
    public static final String SEED = "plyyard.fuzz.seed";
    public static final String CASE = "plyyard.fuzz.case";
    private static final int DEFAULT_TRIES = 10_000;

    /** What a property checks for one input; throws (an assertion, or anything) when it does not hold. */
    @FunctionalInterface
    public interface Body<T> {
        void check(T input, Case c) throws Exception;
    }

    /** One case: its number, its random source (for choices made while it runs) and the run's statistics. */
    public static final class Case {
        private final int index;
        private final Random random;
        private final Statistics statistics;

        Case(int index, Random random, Statistics statistics) {
            this.index = index;
            this.random = random;
            this.statistics = statistics;
        }

        public int index() {
            return index;
        }

        public Random random() {
            return random;
        }

        /** Counts this case under the group (e.g. the RPC) and the label (e.g. the status code). */
        public void collect(String group, String label) {
            statistics.add(group, label);
        }
    }

    /** Counts per group and label, e.g. per RPC and status code. */
    public static final class Statistics {
        private final Map<String, Map<String, Integer>> counts = new TreeMap<>();

        synchronized void add(String group, String label) {
            counts.computeIfAbsent(group, g -> new TreeMap<>()).merge(label, 1, Integer::sum);
        }

        public synchronized Map<String, Map<String, Integer>> counts() {
            Map<String, Map<String, Integer>> copy = new TreeMap<>();
            counts.forEach((g, m) -> copy.put(g, new TreeMap<>(m)));
            return copy;
        }

        public synchronized int count(String group, String label) {
            return counts.getOrDefault(group, Map.of()).getOrDefault(label, 0);
        }

        public synchronized int total(String group) {
            return counts.getOrDefault(group, Map.of()).values().stream().mapToInt(Integer::intValue).sum();
        }

        /** The cases of every group with this label. */
        public synchronized int totalOf(String label) {
            return counts.values().stream().mapToInt(m -> m.getOrDefault(label, 0)).sum();
        }
    }

    /** What a run did: its cases, seed, time and statistics. */
    public record Report(String name, long seed, int cases, long millis, Statistics statistics) {
        /** The table: one line per group with its labels and counts, then the totals per label. */
        public String table() {
            Map<String, Map<String, Integer>> counts = statistics.counts();
            Map<String, Integer> totals = new TreeMap<>();
            StringBuilder b = new StringBuilder();
            b.append(String.format("%s: %d cases in %.1f s (seed %d)%n", name, cases, millis / 1000.0, seed));
            counts.forEach((group, labels) -> {
                int sum = labels.values().stream().mapToInt(Integer::intValue).sum();
                b.append(String.format("  %-22s %6d  ", group, sum));
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
    }

    private final String name;
    private final long seed;
    private final boolean seedGiven;
    private final int tries;
    private final Integer onlyCase;
    private final Path dir;

    private PropertyRun(String name) {
        this.name = name;
        this.dir = Path.of(System.getProperty("plyyard.fuzz.dir", "target/fuzz"));
        String configuredTries = System.getProperty(TRIES, "").strip();
        this.tries = configuredTries.isEmpty() ? DEFAULT_TRIES : Integer.parseInt(configuredTries);
        String configuredSeed = System.getProperty(SEED, "").strip();
        String configuredCase = System.getProperty(CASE, "").strip();
        this.onlyCase = configuredCase.isEmpty() ? null : Integer.parseInt(configuredCase);
        Long previous = failedSeed();
        if (!configuredSeed.isEmpty()) {
            seed = Long.parseLong(configuredSeed);
            seedGiven = true;
        } else if (previous != null) {
            seed = previous;
            seedGiven = true;
            System.out.printf("%s: repeating the seed of the last failed run (%s); delete it for a new seed%n", name,
                failedSeedFile());
        } else {
            seed = new SecureRandom().nextLong();
            seedGiven = false;
        }
    }

    /** A run named after the property (e.g. "rules-service"), configured by the system properties above. */
    public static PropertyRun named(String name) {
        return new PropertyRun(name);
    }

    public long seed() {
        return seed;
    }

    public int tries() {
        return tries;
    }

    /**
     * Runs the cases; the first that fails ends the run with an {@link AssertionError} naming the seed, the case and its
     * input ({@code describe}, cut to 2 000 characters).
     */
    public <T> Report check(Gen<T> gen, Function<? super T, String> describe, Body<T> body) {
        Statistics statistics = new Statistics();
        System.out.printf("%s: %d cases, seed %d%s%n", name, onlyCase == null ? tries : 1, seed,
            seedGiven ? " (given)" : "");
        long start = System.nanoTime();
        int from = onlyCase == null ? 0 : onlyCase;
        int to = onlyCase == null ? tries : onlyCase + 1;
        for (int i = from; i < to; i++) {
            Random random = new Random(mix(seed, i));
            T input = gen.next(random);
            try {
                body.check(input, new Case(i, random, statistics));
            } catch (Throwable t) {
                rememberFailedSeed();
                String shown = bounded(describe.apply(input), 2000);
                AssertionError e = new AssertionError(String.format("%s: case %d of %d failed (seed %d)%n  input: %s%n"
                        + "  %s%n  repeat: -D%s=%d (the same cases in order), with -D%s=%d for this case alone",
                    name, i, tries, seed, shown, t, SEED, seed, CASE, i), t);
                throw e;
            }
            if ((i + 1) % 2000 == 0) {
                System.out.printf("%s: %d of %d cases, %.0f s%n", name, i + 1, tries, (System.nanoTime() - start) / 1e9);
            }
        }
        if (onlyCase == null) {
            forgetFailedSeed();
        }
        Report report = new Report(name, seed, to - from, (System.nanoTime() - start) / 1_000_000, statistics);
        System.out.print(report.table());
        write(report);
        return report;
    }

    /** SplitMix64 of the seed and the case number: independent streams for neighbouring cases. */
    static long mix(long seed, long index) {
        long z = seed + (index + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public static String bounded(String s, int max) {
        if (s == null) {
            return "null";
        }
        return s.length() <= max ? s : s.substring(0, max) + "… (" + s.length() + " characters)";
    }

    private Path failedSeedFile() {
        return dir.resolve(name + ".failed-seed");
    }

    private Long failedSeed() {
        try {
            Path f = failedSeedFile();
            return Files.isRegularFile(f) ? Long.parseLong(Files.readString(f).strip()) : null;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    private void rememberFailedSeed() {
        try {
            Files.createDirectories(dir);
            Files.writeString(failedSeedFile(), Long.toString(seed));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void forgetFailedSeed() {
        try {
            Files.deleteIfExists(failedSeedFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(Report report) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name + ".txt"), report.table());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
