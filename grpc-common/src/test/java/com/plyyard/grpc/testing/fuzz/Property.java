package com.plyyard.grpc.testing.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * Runs a property: one check over many cases drawn by a {@link Gen}, as JUnit dynamic tests
 * ({@code @TestFactory Stream<DynamicTest>}). The properties of the services' {@code *PropertiesIT} and the harness's own
 * tests use it.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> everyRpcAnswersWithinTheContract() {
 *     return Property.forAll("rules-service", calls(fuzz))
 *         .then("every RPC answered OK", () -> TALLY.assertEveryGroupGot(RPCS, "OK", 1000))
 *         .tests(call -> { ...assertions... });
 * }
 * }</pre>
 *
 * <p><b>Cases.</b> {@code plyyard.fuzz.tries} cases (the build sets it for failsafe: 10 000, 100 000 with -Pslow; 1 000
 * when it is not set), unless the property sets its own ({@link #tries}). The run stops at the first failing case, as
 * the later cases would only report what a broken or dead service answers.
 *
 * <p><b>Seeds.</b> A run has one base seed: {@code plyyard.fuzz.seed} if set, otherwise a random one, printed once. Case
 * {@code i} draws its input from a {@code new Random(caseSeed(base, i))} of its own, so its seed alone reproduces the
 * input whatever the other cases drew. A failure names the property, the case's index, its seed, the base seed and the
 * input (its {@code toString}, or {@link #describedBy}, cut to 2 000 characters), with the assertion as its cause.
 * {@code -Dplyyard.fuzz.case-seed=S} runs the one case with seed S (in every property of the run), and
 * {@code -Dplyyard.fuzz.seed=B} repeats the whole run. A property given its own seed ({@link #seed}) ignores both. The
 * inputs are not shrunk: the properties call live services whose answers may depend on what earlier calls stored; where
 * they do (the lobby), a case seed repeats the draw but the state it meets is that of a fresh run, and the base seed is
 * what repeats the failure.
 *
 * <p><b>Tests in the report.</b> A dynamic test per case would put 10 000 (100 000) entries per property in the
 * surefire/failsafe reports. Instead the cases run in at most ten blocks of at least 1 000 cases, one dynamic test each
 * ("cases 0–999 of 10000"), which shows progress and where a failure happened at the cost of ten entries. Once a block
 * fails, the blocks after it and the final checks ({@link #then}) are aborted (reported as skipped).
 */
public final class Property<T> {
    /** The system property with the number of cases of each property. */
    public static final String TRIES = "plyyard.fuzz.tries";
    /** The system property with the base seed of a run. */
    public static final String SEED = "plyyard.fuzz.seed";
    /** The system property with the seed of the one case to run. */
    public static final String CASE_SEED = "plyyard.fuzz.case-seed";
    /** Cases when {@link #TRIES} is not set. */
    public static final int DEFAULT_TRIES = 1000;
    private static final int MAX_BLOCKS = 10;
    private static final int MIN_BLOCK = 1000;
    private static Long runSeed;

    private final String name;
    private final Gen<T> gen;
    private Integer tries;
    private Long seed;
    private Long onlyCaseSeed;
    private Function<? super T, String> show = String::valueOf;
    private final List<DynamicTest> finalChecks = new ArrayList<>();

    private Property(String name, Gen<T> gen) {
        this.name = name;
        this.gen = gen;
    }

    /** A property over the inputs the generator draws; the name is for the messages. */
    public static <T> Property<T> forAll(String name, Gen<T> gen) {
        return new Property<>(name, gen);
    }

    /** This many cases instead of {@code plyyard.fuzz.tries}. */
    public Property<T> tries(int cases) {
        if (cases < 1) {
            throw new IllegalArgumentException("a property needs at least one case, not " + cases);
        }
        this.tries = cases;
        return this;
    }

    /** A fixed base seed; the run's ({@code plyyard.fuzz.seed}) and {@code plyyard.fuzz.case-seed} are then ignored. */
    public Property<T> seed(long base) {
        this.seed = base;
        return this;
    }

    /** Only the case with this seed (what {@code -Dplyyard.fuzz.case-seed} does). */
    public Property<T> caseSeed(long caseSeed) {
        this.onlyCaseSeed = caseSeed;
        return this;
    }

    /** How a failure shows the input (default: its {@code toString}); cut to 2 000 characters. */
    public Property<T> describedBy(Function<? super T, String> describe) {
        this.show = describe;
        return this;
    }

    /**
     * A check to run once after all the cases passed (a coverage check, say), as a dynamic test of its own with this
     * name. Also after a single case rerun: give it its own minimum of cases where it needs one.
     */
    public Property<T> then(String checkName, Executable check) {
        finalChecks.add(DynamicTest.dynamicTest(checkName, check));
        return this;
    }

    /** The seed of case {@code index} of a run with this base seed (SplitMix64's finaliser over base and index). */
    public static long caseSeed(long base, int index) {
        long z = base + (index + 1L) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The run's base seed: {@code plyyard.fuzz.seed}, or random; printed when first asked for. */
    public static synchronized long runSeed() {
        if (runSeed == null) {
            String set = System.getProperty(SEED);
            runSeed = set == null || set.isBlank() ? ThreadLocalRandom.current().nextLong() : parseLong(SEED, set);
            System.out.println("[fuzz] base seed " + runSeed + (set == null || set.isBlank() ? " (random)" : " (" + SEED
                + ")") + "; repeat this run with -D" + SEED + "=" + runSeed);
        }
        return runSeed;
    }

    /** {@code plyyard.fuzz.tries}, or {@link #DEFAULT_TRIES}. */
    public static int defaultTries() {
        String set = System.getProperty(TRIES);
        if (set == null || set.isBlank()) {
            return DEFAULT_TRIES;
        }
        long n = parseLong(TRIES, set);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(TRIES + " must be between 1 and " + Integer.MAX_VALUE + ", not " + set);
        }
        return (int) n;
    }

    private static long parseLong(String property, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " must be a whole number, not \"" + value + "\"", e);
        }
    }

    /** What a run of this property is: its cases' base seed and count, or the one case seed to rerun. */
    private record Plan(long base, int cases, Long single) {
    }

    private Plan plan() {
        if (seed != null) {
            return new Plan(seed, tries != null ? tries : defaultTries(), onlyCaseSeed);
        }
        Long single = onlyCaseSeed;
        String set = System.getProperty(CASE_SEED);
        if (single == null && set != null && !set.isBlank()) {
            single = parseLong(CASE_SEED, set);
        }
        return new Plan(single != null ? 0 : runSeed(), tries != null ? tries : defaultTries(), single);
    }

    /**
     * The dynamic tests of the property: the blocks of cases, then the final checks. Each block runs when JUnit reaches
     * it, so the class's {@code @BeforeAll} has run and the generator may use what it set up.
     */
    public Stream<DynamicTest> tests(ThrowingConsumer<? super T> check) {
        Plan plan = plan();
        boolean[] failed = {false};
        List<DynamicTest> tests = new ArrayList<>();
        if (plan.single() != null) {
            tests.add(DynamicTest.dynamicTest("the case with seed " + plan.single(), guarded(failed,
                () -> runSingle(plan.single(), check))));
        } else {
            int block = Math.max(MIN_BLOCK, (int) Math.ceil(plan.cases() / (double) MAX_BLOCKS));
            for (int from = 0; from < plan.cases(); from += block) {
                int start = from;
                int end = Math.min(plan.cases(), from + block);
                tests.add(DynamicTest.dynamicTest("cases " + start + "–" + (end - 1) + " of " + plan.cases(),
                    guarded(failed, () -> {
                        if (start == 0) {
                            announce(plan);
                        }
                        runCases(plan, start, end, check);
                    })));
            }
        }
        finalChecks.forEach(t -> tests.add(DynamicTest.dynamicTest(t.getDisplayName(),
            guarded(failed, t.getExecutable()))));
        return tests.stream();
    }

    /**
     * Runs every case here and now (or the one case to rerun), then the final checks; the number of cases run. For a
     * property inside another test; a failure throws the same AssertionError as in {@link #tests}.
     */
    public int run(ThrowingConsumer<? super T> check) throws Throwable {
        Plan plan = plan();
        if (plan.single() != null) {
            runSingle(plan.single(), check);
        } else {
            runCases(plan, 0, plan.cases(), check);
        }
        for (DynamicTest t : finalChecks) {
            t.getExecutable().execute();
        }
        return plan.single() != null ? 1 : plan.cases();
    }

    /** Aborted once an earlier test of the property failed; marks the property failed when it fails. */
    private Executable guarded(boolean[] failed, Executable body) {
        return () -> {
            Assumptions.assumeFalse(failed[0], "not run: an earlier case of " + name + " failed");
            try {
                body.execute();
            } catch (Throwable t) {
                failed[0] = true;
                throw t;
            }
        };
    }

    private void announce(Plan plan) {
        System.out.println("[fuzz] " + name + ": " + plan.cases() + " cases from base seed " + plan.base());
    }

    private void runCases(Plan plan, int from, int to, ThrowingConsumer<? super T> check) {
        for (int i = from; i < to; i++) {
            long caseSeed = caseSeed(plan.base(), i);
            runCase(check, caseSeed, "case " + i + " of " + plan.cases() + " (case seed " + caseSeed + ", base seed "
                + plan.base() + ")", caseSeed, plan.base());
        }
    }

    private void runSingle(long caseSeed, ThrowingConsumer<? super T> check) {
        System.out.println("[fuzz] " + name + ": the one case with seed " + caseSeed);
        runCase(check, caseSeed, "the case with seed " + caseSeed + " (rerun alone)", caseSeed, null);
    }

    private void runCase(ThrowingConsumer<? super T> check, long caseSeed, String which, long rerun, Long base) {
        T input;
        try {
            input = gen.next(new Random(caseSeed));
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (Throwable t) {
            throw failure(which, "(the generator failed)", t, rerun, base);
        }
        try {
            check.accept(input);
        } catch (OutOfMemoryError e) {
            throw e;
        } catch (Throwable t) {
            if (t instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw failure(which, describe(input), t, rerun, base);
        }
    }

    private String describe(T input) {
        try {
            return Tally.bounded(show.apply(input), 2000);
        } catch (RuntimeException e) {
            return "(the input could not be described: " + e + ")";
        }
    }

    private AssertionError failure(String which, String input, Throwable cause, long caseSeed, Long base) {
        String n = System.lineSeparator();
        return new AssertionError("property " + name + " failed at " + which + ":" + n
            + "  input:   " + input + n
            + "  failure: " + cause + n
            + "  rerun this case alone with -D" + CASE_SEED + "=" + caseSeed
            + (base == null ? "" : ", the whole run with -D" + SEED + "=" + base), cause);
    }
}
