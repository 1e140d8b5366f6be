package com.plyyard.grpc.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The property harness itself: the same seed draws the same cases, a failure names what repeats it. */
class PropertyRunTest {
    @TempDir
    Path dir;

    @BeforeEach
    void settings() {
        System.setProperty("plyyard.fuzz.dir", dir.toString());
        System.setProperty(PropertyRun.TRIES, "300");
        System.setProperty(PropertyRun.SEED, "42");
    }

    @AfterEach
    void clear() {
        System.clearProperty("plyyard.fuzz.dir");
        System.clearProperty(PropertyRun.TRIES);
        System.clearProperty(PropertyRun.SEED);
        System.clearProperty(PropertyRun.CASE);
    }

    private static Gen<String> texts() {
        return Gen.oneOf(Texts.any(), Texts.mutated(Gen.constant("32-28")), Texts.idLike(), Texts.notationLike(),
            Numbers.anyLong().map(String::valueOf));
    }

    @Test
    void theSameSeedDrawsTheSameCases() {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        PropertyRun.named("same").check(texts(), s -> s, (s, c) -> first.add(s));
        PropertyRun.named("same").check(texts(), s -> s, (s, c) -> second.add(s));
        assertEquals(300, first.size());
        assertEquals(first, second);
        System.setProperty(PropertyRun.SEED, "43");
        List<String> other = new ArrayList<>();
        PropertyRun.named("same").check(texts(), s -> s, (s, c) -> other.add(s));
        assertNotEquals(first, other);
    }

    @Test
    void oneCaseAloneIsTheSameCaseAsInTheRun() {
        List<String> all = new ArrayList<>();
        PropertyRun.named("alone").check(texts(), s -> s, (s, c) -> all.add(s));
        System.setProperty(PropertyRun.CASE, "123");
        List<String> one = new ArrayList<>();
        PropertyRun.named("alone").check(texts(), s -> s, (s, c) -> one.add(s));
        assertEquals(List.of(all.get(123)), one);
    }

    @Test
    void aFailureNamesTheSeedAndTheCaseAndTheSeedIsTriedFirstNextTime() throws Exception {
        AssertionError e = assertThrows(AssertionError.class, () -> PropertyRun.named("fails")
            .check(Gen.ints(0, 99), String::valueOf, (n, c) -> {
                if (c.index() == 17) {
                    throw new AssertionError("seventeen");
                }
            }));
        assertTrue(e.getMessage().contains("case 17 of 300 failed (seed 42)"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dplyyard.fuzz.seed=42") && e.getMessage().contains("-Dplyyard.fuzz.case=17"),
            e.getMessage());
        assertEquals("42", Files.readString(dir.resolve("fails.failed-seed")));
        System.clearProperty(PropertyRun.SEED);
        assertEquals(42, PropertyRun.named("fails").seed(), "the failed seed comes back first");
        PropertyRun.named("fails").check(Gen.ints(0, 9), String::valueOf, (n, c) -> { });
        assertTrue(Files.notExists(dir.resolve("fails.failed-seed")), "a passing run forgets it");
    }

    @Test
    void theStatisticsCountEveryCase() {
        PropertyRun.Report r = PropertyRun.named("stats").check(Gen.ints(0, 2), String::valueOf,
            (n, c) -> c.collect("rpc" + n, n == 0 ? "OK" : "INVALID_ARGUMENT"));
        assertEquals(300, r.statistics().total("rpc0") + r.statistics().total("rpc1") + r.statistics().total("rpc2"));
        assertTrue(r.table().contains("all"), r.table());
    }

    @Test
    void mutationsNeverBreakOnAnyText() {
        Random r = new Random(1);
        for (int i = 0; i < 20_000; i++) {
            Texts.mutate(i % 3 == 0 ? "" : "W:W31,32:B1,2", r);
        }
    }

    @Test
    void answersAcceptRefusalsWithASentenceOnly() {
        var allowed = EnumSet.of(Status.Code.INVALID_ARGUMENT);
        Answers.check(Status.OK, allowed);
        Answers.check(Status.INVALID_ARGUMENT.withDescription("The move is not legal here."), allowed);
        assertThrows(AssertionError.class, () -> Answers.check(Status.INTERNAL.withDescription("Oops, a bug here."), allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.NOT_FOUND.withDescription("No such thing here."), allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT, allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT.withDescription("bad\u0000 input here."),
            allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT.withDescription("x".repeat(401)),
            allowed));
    }
}
