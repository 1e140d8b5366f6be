package com.plyyard.engine.piracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.piracy.PiracyTablebase.MoveValue;
import com.plyyard.engine.piracy.PiracyTablebase.Outcome;
import com.plyyard.engine.piracy.PiracyTablebase.Statistics;
import com.plyyard.engine.piracy.PiracyTablebase.Value;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PiracyTablebaseTest {

    private static PiracyRules rules(int size, String island, boolean circle) {
        return PiracyRules.fromOptions(Map.of(PiracyRules.OPTION_BOARD_SIZE, Integer.toString(size),
            PiracyRules.OPTION_ISLAND, island, PiracyRules.OPTION_CIRCLE_RULE, Boolean.toString(circle)));
    }

    /**
     * Every position of a table against its successors, played by the rules' own move generator: a win in d has
     * a move to a loss in d − 1 for the opponent and none faster, a loss in d has only moves to wins for the
     * opponent, the slowest in d − 1, a draw has a drawing move and no winning one.
     */
    private static long checkEveryPosition(PiracyTablebase table) {
        PiracyRules rules = table.rules();
        PiracyMoveGenerator generator = rules.generator();
        ShipPlacements placements = new ShipPlacements(rules.geometry());
        int runs = rules.circleRule() ? 15 : 1;
        SeaSymmetry identity = SeaSymmetry.identity(rules.geometry().size());
        AtomicLong checked = new AtomicLong();
        IntStream.range(0, placements.count).parallel().forEach(mp -> {
            int[] codes = new int[3];
            long n = 0;
            for (int ep = 0; ep < placements.count; ep++) {
                if (placements.overlap(mp, ep)) {
                    continue;
                }
                for (int mr = 0; mr < runs; mr++) {
                    for (int er = 0; er < runs; er++) {
                        for (int mh = 0; mh < 7; mh++) {
                            for (int eh = 0; eh < 7; eh++) {
                                int run = rules.circleRule() ? mr - 7 : 0;
                                int erun = rules.circleRule() ? er - 7 : 0;
                                int me = PiracyState.ship(placements.bow(mp), placements.heading(mp), mh, run, false);
                                int enemy = PiracyState.ship(placements.bow(ep), placements.heading(ep), eh, erun, false);
                                long state = PiracyState.state(me, enemy, PiracyState.COOK, PiracyState.NO_SURVIVAL, 0);
                                int v = table.raw(me, enemy);
                                int moves = generator.generate(state, codes);
                                int fastestWin = Integer.MAX_VALUE;
                                int slowestLoss = 0;
                                boolean draw = false;
                                for (int i = 0; i < moves; i++) {
                                    Value after = table.moveValue(generator, state, codes[i], identity);
                                    switch (after.outcome()) {
                                        case WIN -> fastestWin = Math.min(fastestWin, after.plies());
                                        case LOSS -> slowestLoss = Math.max(slowestLoss, after.plies());
                                        case DRAW -> draw = true;
                                    }
                                }
                                // the message is written only on a failure: 3e8 notations would cost more than the check
                                Supplier<String> where = () -> "position " + new PiracyPosition(rules, state).notation();
                                assertTrue(moves > 0, () -> where.get() + " has no move");
                                if (v > 0) {
                                    assertEquals(v, fastestWin, () -> where.get() + ": stored win in " + v);
                                } else if (v < 0) {
                                    assertTrue(fastestWin == Integer.MAX_VALUE && !draw, () -> where.get() + ": stored loss in "
                                        + -v + " but a move escapes");
                                    assertEquals(-v, slowestLoss, () -> where.get() + ": stored loss in " + -v);
                                } else {
                                    assertTrue(draw && fastestWin == Integer.MAX_VALUE, () -> where.get() + ": stored draw");
                                }
                                n++;
                            }
                        }
                    }
                }
            }
            checked.addAndGet(n);
        });
        return checked.get();
    }

    @Test
    void everyPositionOfTheEightByEightSeaWithoutTheCircleRuleAgreesWithItsSuccessors() {
        PiracyTablebase table = PiracyTablebase.build(rules(8, "d4", false), 2, done -> { });
        Statistics stats = table.statistics();
        assertEquals(stats.positions(), checkEveryPosition(table));
        assertTrue(stats.wins() > 0 && stats.losses() > 0 && stats.draws() > 0, stats.toString());
    }

    @Test
    void islandsOfOneClassHaveTheSameStatisticsAndValues() {
        // without the circle rule a whole 8x8 table takes a second; the symmetries are the same with it
        Statistics centre = PiracyTablebase.buildExactly(rules(8, "d4", false), 2).statistics();
        for (String[] cls : new String[][] {{"d3", "c4", "e4", "d5"}, {"c3", "e3", "c5", "e5"}}) {
            PiracyTablebase canonical = PiracyTablebase.buildExactly(rules(8, cls[0], false), 2);
            Statistics expected = canonical.statistics();
            assertTrue(!expected.equals(centre), "the classes differ");
            for (String island : cls) {
                PiracyTablebase exact = PiracyTablebase.buildExactly(rules(8, island, false), 2);
                assertEquals(expected, exact.statistics(), island + " against " + cls[0]);
                assertSameValues(exact, canonical, rules(8, island, false));
            }
        }
    }

    /** Positions reached by random play on {@code rules}' island read the same from its own table and through the symmetry. */
    private static void assertSameValues(PiracyTablebase exact, PiracyTablebase canonical, PiracyRules rules) {
        SplittableRandom random = new SplittableRandom(7);
        for (int game = 0; game < 40; game++) {
            PiracyPosition p = rules.start();
            while (p.outcome().isEmpty()) {
                assertEquals(exact.valueExactly(p), canonical.value(p), p.notation());
                List<PiracyMove> moves = p.legalMoves();
                p = p.play(moves.get(random.nextInt(moves.size())));
            }
        }
    }

    @Test
    void theWholeSixBySixSeaAgreesWithItsSuccessors() {
        AtomicLong last = new AtomicLong();
        PiracyRules rules = rules(6, "c3", true);
        PiracyTablebase table = PiracyTablebase.build(rules, 2, last::set);
        assertEquals(2 * PiracyTablebase.positions(rules), last.get(), "progress ends at the total work");
        Statistics stats = table.statistics();
        assertEquals(stats.positions(), checkEveryPosition(table));
    }

    /**
     * The spec's facts, from the three full 8x8 tables (about 3 minutes and 3.5 GB each, hence -Pslow): about
     * 1.4e9 positions an island, the longest forced win under 180 plies, and from the standard start Cook wins with
     * islands c5 and e3, loses with e5, and draws with the other six.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void theStartOfEveryIslandOfTheEightByEightBoard() {
        Map<String, Outcome> expected = Map.of("c3", Outcome.DRAW, "d3", Outcome.DRAW, "e3", Outcome.WIN,
            "c4", Outcome.DRAW, "d4", Outcome.DRAW, "e4", Outcome.DRAW, "c5", Outcome.WIN, "d5", Outcome.DRAW,
            "e5", Outcome.LOSS);
        for (String[] cls : new String[][] {{"d4"}, {"d3", "c4", "e4", "d5"}, {"c3", "e3", "c5", "e5"}}) {
            PiracyTablebase table = PiracyTablebase.build(rules(8, cls[0], true), 2, done -> { });
            Statistics stats = table.statistics();
            assertEquals(1_395_324_000L, stats.positions());
            assertTrue(stats.longestWin() < 180, "longest win " + stats.longestWin());
            for (String island : cls) {
                PiracyPosition start = rules(8, island, true).start();
                assertEquals(expected.get(island), table.value(start).outcome(), island);
            }
        }
    }

    @Test
    void aFileWrittenAndMappedAgainReadsTheSame(@TempDir Path dir) throws Exception {
        PiracyRules rules = rules(8, "e5", false);
        PiracyTablebase built = PiracyTablebase.build(rules, 2, done -> { });
        Path file = PiracyTablebase.file(dir, rules);
        built.save(file);
        assertTrue(file.getFileName().toString().contains("c3"), "named by the canonical island: " + file);
        PiracyTablebase read = PiracyTablebase.open(file, rules);
        assertEquals(built.statistics(), read.statistics());
        PiracyPosition p = rules.start();
        assertEquals(built.value(p), read.value(p));
        assertThrows(InvalidInputException.class, () -> PiracyTablebase.open(file, rules(8, "d4", false)));
        Path junk = dir.resolve("junk.ptb");
        Files.writeString(junk, "not a table");
        assertThrows(InvalidInputException.class, () -> PiracyTablebase.open(junk, rules));
    }

    @Test
    void eachLayerFormReadsBackWhatWasStored() {
        short[][] layers = {
            {0, 5, -3, 120, -135, 0, 1, -1}, // 120 + 135 <= 255: one byte, split at the longest win
            {0, 177, -177, 3, -250, 255, 0, -1, 2}, // too long together, each <= 255: byte and sign bit
            {0, 300, -2, 1, -400}, // beyond a byte: two bytes
        };
        int[] forms = {TablebaseLayer.SPLIT, TablebaseLayer.SIGNED, TablebaseLayer.WIDE};
        for (int k = 0; k < layers.length; k++) {
            TablebaseLayer layer = TablebaseLayer.encode(layers[k]);
            assertEquals(forms[k], layer.form());
            assertEquals(TablebaseLayer.bytes(layer.form(), layers[k].length), layer.bytes().remaining());
            for (int i = 0; i < layers[k].length; i++) {
                assertEquals(layers[k][i], layer.value(i), "form " + forms[k] + " index " + i);
            }
        }
    }

    @Test
    void aPositionOfOtherRulesIsRefused() {
        PiracyTablebase table = PiracyTablebase.build(rules(8, "d4", false), 2, done -> { });
        assertThrows(InvalidInputException.class, () -> table.value(rules(8, "d4", true).start()));
        assertThrows(InvalidInputException.class, () -> table.value(rules(8, "c3", false).start()));
    }

    /**
     * The table's player against the plain search (depth 6, from random openings of 4 plies, both colours): at every
     * one of its moves the value it can force stays what it was — a win stays a win, a draw never becomes a loss —
     * and every game ends as the value it held said.
     */
    @Test
    void theTablesPlayerNeverDropsAPointAgainstTheSearch() {
        PiracyRules rules = rules(8, "d4", false);
        PiracyTablebase table = PiracyTablebase.build(rules, 2, done -> { });
        com.plyyard.engine.search.Engine search = new com.plyyard.engine.search.Engine(4);
        SplittableRandom random = new SplittableRandom(5);
        int decided = 0;
        for (int game = 0; game < 24; game++) {
            int tableSide = game % 2;
            PiracyPosition p = rules.start();
            for (int i = 0; i < 4 && p.outcome().isEmpty(); i++) {
                List<PiracyMove> moves = p.legalMoves();
                p = p.play(moves.get(random.nextInt(moves.size())));
            }
            Outcome held = null;
            while (p.outcome().isEmpty()) {
                if (p.toMove() == tableSide) {
                    Value before = table.value(p);
                    MoveValue choice = table.choose(p);
                    assertEquals(before, choice.value(), "the chosen move keeps the value in " + p.notation());
                    held = before.outcome();
                    p = p.play(choice.move());
                } else {
                    search.newGame();
                    LegalMove reply = search.bestMove(p, com.plyyard.engine.search.Engine.Request.of(
                        new com.plyyard.engine.search.Limits(6, Long.MAX_VALUE, 10_000)), () -> false, null).move();
                    p = p.play(reply);
                    if (held != null && p.outcome().isEmpty() && p.toMove() == tableSide) {
                        Outcome now = table.value(p).outcome();
                        assertTrue(now.compareTo(held) <= 0, "the search cannot take a point back: " + p.notation());
                    }
                }
            }
            com.plyyard.engine.Outcome end = p.outcome().orElseThrow();
            if (held == Outcome.WIN) {
                assertEquals(List.of(tableSide), end.winners(), "a held win is won: " + end);
                decided++;
            } else if (held == Outcome.DRAW) {
                assertTrue(end.winners().isEmpty() || end.winners().equals(List.of(tableSide)), "a held draw is not lost");
            }
        }
        assertTrue(decided > 0, "some games were won by the table");
    }

    @Test
    void handBuiltEndings() {
        PiracyTablebase table = PiracyTablebase.build(rules(8, "d4", false), 2, done -> { });
        PiracyRules rules = rules(8, "d4", false);
        // kamikaze finish (the spec's vector): every Cook move scores the 7th hit; F ends facing land, L and R win
        PiracyPosition kamikaze = rules.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -");
        List<MoveValue> moves = table.moves(kamikaze);
        assertEquals(new Value(Outcome.WIN, 1), table.value(kamikaze));
        assertEquals(List.of("L", "R"), table.bestMoves(kamikaze).stream().map(m -> m.move().turn()).sorted().toList());
        assertEquals(Outcome.DRAW, moves.get(2).value().outcome(), "F leaves Cook no way out: " + moves);
        // forced grounding (the spec's vector): the only legal move runs aground; Silver is afloat and can sail on
        PiracyPosition grounding = rules.parse("8 d4 a5N:0:+0 b6E:0:+0 c 0 -");
        assertEquals(1, grounding.legalMoves().size());
        assertEquals(new Value(Outcome.LOSS, 1), table.value(grounding));
        // the same with Silver's bow on a6 facing the edge: Silver cannot sail on alone either, so a draw
        PiracyPosition bothLost = rules.parse("8 d4 a5N:0:+0 a6W:0:+0 c 0 -");
        assertEquals(1, bothLost.legalMoves().size());
        assertEquals(Value.DRAW, table.value(bothLost));
        // survival phase: Silver sunk, Cook with moves left is exact at once
        PiracyPosition survival = rules.parse("8 d4 c3NE:0:+0 - c 100 3");
        assertEquals(new Value(Outcome.WIN, 0), table.value(survival));
        // near the ply limit a long win is only a draw
        PiracyPosition start = rules.start();
        Value atStart = table.value(start);
        if (atStart.outcome() != Outcome.DRAW) {
            PiracyPosition late = rules.parse(start.notation().replace(" c 0 -", " c " + (490 - atStart.plies() + 1) + " -"));
            assertEquals(Outcome.DRAW, table.value(late).outcome());
        }
    }
}
