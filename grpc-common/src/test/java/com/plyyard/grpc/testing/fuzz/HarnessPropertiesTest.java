package com.plyyard.grpc.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/** The harness under jqwik: a fixed seed draws the same inputs in the same order, and the tally counts every call for the
 * table and for coverage. */
class HarnessPropertiesTest {
    private static final List<String> FIRST = new ArrayList<>();
    private static final List<String> SECOND = new ArrayList<>();
    private static final Tally TALLY = new Tally("harness");

    @Provide
    Arbitrary<String> texts() {
        return Tally.arbitrary(Gen.oneOf(Texts.any(), Texts.idLike(), Numbers.anyLong().map(String::valueOf)));
    }

    @Property(tries = 200, seed = "42")
    void firstRun(@ForAll("texts") String text) {
        FIRST.add(text);
    }

    @Property(tries = 200, seed = "42")
    void secondRun(@ForAll("texts") String text) {
        SECOND.add(text);
    }

    @Property(tries = 300)
    void coverageSeesTheTally(@ForAll("texts") String text) {
        TALLY.collect(text.isEmpty() ? "empty" : "text", "OK");
        TALLY.everyGroupGot(Set.of("text"), "OK", 100);
    }

    @AfterContainer
    static void sameSeedSameInputs() {
        assertEquals(200, FIRST.size());
        assertEquals(FIRST, SECOND);
        assertTrue(FIRST.stream().distinct().count() > 50, "the inputs vary");
        assertEquals(300, TALLY.cases());
    }

    @Example
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
