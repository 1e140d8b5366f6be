package com.plyyard.grpc.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.TestAbortedException;

/**
 * The harness's property runner ({@link Property}) and its statistics ({@link Tally}): a base seed draws the same inputs
 * in the same order, a failure names its case, seed and input and that seed alone draws the input again, the cases run
 * in a few dynamic tests that stop at the first failure, and the tally counts every call for the table and for coverage.
 */
class HarnessPropertiesTest {
    private static final Tally TALLY = new Tally("harness");

    private static Gen<String> texts() {
        return Gen.oneOf(Texts.any(), Texts.idLike(), Numbers.anyLong().map(String::valueOf));
    }

    @Test
    void theSameBaseSeedDrawsTheSameInputsInTheSameOrder() throws Throwable {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        List<String> other = new ArrayList<>();
        assertEquals(200, Property.forAll("first", texts()).seed(42).tries(200).run(first::add));
        Property.forAll("second", texts()).seed(42).tries(200).run(second::add);
        Property.forAll("other", texts()).seed(43).tries(200).run(other::add);
        assertEquals(200, first.size());
        assertEquals(first, second);
        assertNotEquals(first, other);
        assertTrue(first.stream().distinct().count() > 50, "the inputs vary");
    }

    @Test
    void everyCaseHasItsOwnSeed() {
        Set<Long> seeds = new HashSet<>();
        IntStream.range(0, 10_000).forEach(i -> seeds.add(Property.caseSeed(42, i)));
        IntStream.range(0, 10_000).forEach(i -> seeds.add(Property.caseSeed(43, i)));
        assertEquals(20_000, seeds.size());
    }

    @Test
    void aFailureNamesItsCaseSeedAndInputAndTheSeedAloneDrawsTheInputAgain() throws Throwable {
        List<String> seen = new ArrayList<>();
        AssertionError e = assertThrows(AssertionError.class, () -> Property.forAll("fails", texts()).seed(42).tries(1000)
            .run(text -> {
                seen.add(text);
                assertTrue(seen.size() < 137, "the case with index 136 fails");
            }));
        assertEquals(137, seen.size(), "the run stopped at the first failure");
        long caseSeed = Property.caseSeed(42, 136);
        String message = e.getMessage();
        assertTrue(message.startsWith("property fails failed at case 136 of 1000 (case seed " + caseSeed
            + ", base seed 42):"), message);
        assertTrue(message.contains("input:   " + Tally.bounded(seen.get(136), 2000)), message);
        assertTrue(message.contains("the case with index 136 fails"), message);
        assertTrue(message.contains("-Dplyyard.fuzz.case-seed=" + caseSeed + ", the whole run with -Dplyyard.fuzz.seed=42"),
            message);
        assertTrue(e.getCause() instanceof AssertionError, "the assertion is the cause");

        List<String> again = new ArrayList<>();
        assertEquals(1, Property.forAll("rerun", texts()).seed(7).caseSeed(caseSeed).run(again::add));
        assertEquals(List.of(seen.get(136)), again);

        List<String> bySystemProperty = new ArrayList<>();
        System.setProperty(Property.CASE_SEED, Long.toString(caseSeed));
        try {
            assertEquals(1, Property.forAll("rerun", texts()).run(bySystemProperty::add));
        } finally {
            System.clearProperty(Property.CASE_SEED);
        }
        assertEquals(again, bySystemProperty);
    }

    @Test
    void aPropertyWithoutItsOwnSeedUsesTheRunsSeedAndTries() {
        System.setProperty(Property.TRIES, "250");
        List<String> seen = new ArrayList<>();
        try {
            AssertionError e = assertThrows(AssertionError.class, () -> Property.forAll("run", texts()).run(text -> {
                seen.add(text);
                assertTrue(seen.size() < 250, "the last case fails");
            }));
            assertTrue(e.getMessage().contains("case 249 of 250 (case seed " + Property.caseSeed(Property.runSeed(), 249)
                + ", base seed " + Property.runSeed() + ")"), e.getMessage());
            System.setProperty(Property.TRIES, "ten");
            assertThrows(IllegalArgumentException.class, () -> Property.forAll("run", texts()).run(text -> { }));
        } finally {
            System.clearProperty(Property.TRIES);
        }
        assertEquals(Property.DEFAULT_TRIES, Property.defaultTries());
    }

    @Test
    void aGeneratorThatThrowsFailsWithItsCaseSeed() {
        RuntimeException boom = new IllegalStateException("boom");
        AssertionError e = assertThrows(AssertionError.class, () -> Property.forAll("broken", r -> {
            throw boom;
        }).seed(5).tries(3).run(x -> { }));
        assertTrue(e.getMessage().contains("case 0 of 3 (case seed " + Property.caseSeed(5, 0)), e.getMessage());
        assertTrue(e.getMessage().contains("input:   (the generator failed)"), e.getMessage());
        assertSame(boom, e.getCause());
    }

    @Test
    void theCasesRunInAFewBlocksThatStopAtTheFirstFailure() throws Throwable {
        int[] cases = {0};
        int[] after = {0};
        List<DynamicTest> tests = Property.forAll("blocks", Gen.ints(0, 9)).seed(1).tries(2500)
            .then("after all cases", () -> after[0]++)
            .tests(n -> {
                cases[0]++;
                assertTrue(cases[0] != 1500, "the case with index 1499 fails");
            }).toList();
        assertEquals(List.of("cases 0–999 of 2500", "cases 1000–1999 of 2500", "cases 2000–2499 of 2500", "after all cases"),
            tests.stream().map(DynamicTest::getDisplayName).toList());
        tests.get(0).getExecutable().execute();
        assertEquals(1000, cases[0]);
        AssertionError e = assertThrows(AssertionError.class, () -> tests.get(1).getExecutable().execute());
        assertTrue(e.getMessage().contains("case 1499 of 2500"), e.getMessage());
        assertThrows(TestAbortedException.class, () -> tests.get(2).getExecutable().execute());
        assertThrows(TestAbortedException.class, () -> tests.get(3).getExecutable().execute());
        assertEquals(1500, cases[0]);
        assertEquals(0, after[0]);

        List<DynamicTest> slow = Property.forAll("slow", Gen.ints(0, 9)).seed(1).tries(100_000).tests(n -> { }).toList();
        assertEquals(10, slow.size());
        assertEquals("cases 90000–99999 of 100000", slow.get(9).getDisplayName());
    }

    /** The runner as the services' properties use it: the cases, then the coverage check. */
    @TestFactory
    List<DynamicTest> coverageSeesTheTally() {
        return Property.forAll("coverage", texts()).seed(11).tries(300)
            .then("every group got OK", () -> TALLY.assertEveryGroupGot(Set.of("text"), "OK", 100))
            .tests(text -> TALLY.collect(text.isEmpty() ? "empty" : "text", "OK"))
            .toList();
    }

    @AfterAll
    static void thePropertyCountedEveryCase() {
        assertEquals(300, TALLY.cases());
        assertTrue(TALLY.count("text", "OK") > 200, TALLY::table);
    }

    @Test
    void theCoverageCheckNamesTheGroupsWithoutTheLabel() {
        Tally tally = new Tally("coverage");
        for (int i = 0; i < 300; i++) {
            tally.collect("rpc" + i % 3, i % 3 == 2 ? "INVALID_ARGUMENT" : "OK");
        }
        tally.assertEveryGroupGot(List.of("rpc0", "rpc1"), "OK", 300);
        AssertionError e = assertThrows(AssertionError.class,
            () -> tally.assertEveryGroupGot(List.of("rpc0", "rpc2", "rpc3"), "OK", 300));
        assertTrue(e.getMessage().startsWith("coverage: in 300 calls, never OK for [rpc2, rpc3]"), e.getMessage());
        tally.assertEveryGroupGot(List.of("rpc0", "rpc2", "rpc3"), "OK", 301); // too few calls to judge
    }

    @Test
    void theTallyCountsEveryCallAndWritesItsTable() throws Exception {
        Path dir = Files.createTempDirectory("tally");
        Tally tally = new Tally("stats");
        for (int i = 0; i < 300; i++) {
            tally.collect("rpc" + i % 3, i % 3 == 0 ? "OK" : "INVALID_ARGUMENT");
        }
        assertEquals(300, tally.cases());
        assertEquals(100, tally.count("rpc0", "OK"));
        assertEquals(0, tally.count("rpc1", "OK"));
        System.setProperty("plyyard.fuzz.dir", dir.toString());
        try {
            tally.write();
        } finally {
            System.clearProperty("plyyard.fuzz.dir");
        }
        String table = Files.readString(dir.resolve("stats.txt"));
        assertTrue(table.contains("all                       300  INVALID_ARGUMENT 200, OK 100"), table);
    }
}
