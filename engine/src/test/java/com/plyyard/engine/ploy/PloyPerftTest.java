package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.plyyard.engine.catalog.Variants;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The move counts of ../shared/rules/ploy.md §8, and the public layer checked against the fast one. */
class PloyPerftTest {

    @ParameterizedTest
    @CsvSource({
        "ploy:3m:2p, 139, 19321",
        "ploy:imperium:2p, 58, 3364",
    })
    void twoPlayerStartDepthOneAndTwo(String variant, long d1, long d2) {
        PloyRules rules = (PloyRules) Variants.get(variant);
        assertEquals(d1, rules.perft(rules.start(), 1, () -> false));
        assertEquals(d2, rules.perft(rules.start(), 2, () -> false));
    }

    @ParameterizedTest
    @CsvSource({
        "ploy:3m:ffa, 81",
        "ploy:imperium:ffa, 26",
        "ploy:3m:team, 83",
        "ploy:imperium:team, 28",
    })
    void fourPlayerStartDepthOne(String variant, long d1) {
        PloyRules rules = (PloyRules) Variants.get(variant);
        assertEquals(d1, rules.perft(rules.start(), 1, () -> false));
        assertEquals(d1, rules.start().legalMoves().size());
    }

    @Test
    void theSpecsBreakdownOfTheTwoPlayerStart() {
        // 139 = 95 rotations (Commander 1, I-probe 3, 13 other pieces x 7) + 44 motions
        PloyPosition start = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M).start();
        long rotations = start.legalMoves().stream().filter(PloyMove::isRotationInPlace).count();
        assertEquals(95, rotations);
        assertEquals(44, start.legalMoves().size() - rotations);
        // a Shield's motion comes in 8 masks under 3m, 3 under imperium
        assertEquals(8, start.legalMoves().stream().filter(m -> m.from().equals("d3") && !m.isRotationInPlace()).count());
        PloyPosition imperium = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.IMPERIUM).start();
        assertEquals(3, imperium.legalMoves().stream().filter(m -> m.from().equals("d3") && !m.isRotationInPlace()).count());
    }

    @ParameterizedTest
    @CsvSource({
        "ploy:3m:2p, 2",
        "ploy:imperium:2p, 2",
        "ploy:3m:ffa, 2",
        "ploy:imperium:team, 3",
    })
    void publicLayerWalksTheSameTree(String variant, int depth) {
        PloyRules rules = (PloyRules) Variants.get(variant);
        assertEquals(rules.perft(rules.start(), depth, () -> false), slow(rules.start(), depth));
    }

    private static long slow(PloyPosition p, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        Set<String> seen = new HashSet<>();
        for (PloyMove m : p.legalMovesIgnoringDraws()) {
            assertFalse(!seen.add(m.notation()), "duplicate notation " + m);
            assertEquals(m, p.parseMove(m.notation()));
            n += slow(p.play(m), depth - 1);
        }
        return n;
    }

    @Test
    void makeAndUnmakeRestoreTheState() {
        PloyRules rules = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        PloyState s = rules.start().state().copy();
        String before = PloyPositionNotation.format(s);
        int[] moves = new int[1024];
        int n = PloyMoveGenerator.generate(s, moves);
        for (int i = 0; i < n; i++) {
            s.make(moves[i]);
            s.unmake();
            assertEquals(before, PloyPositionNotation.format(s));
        }
    }

    @Test
    @Tag("slow")
    void twoPlayerStartDepthThreeAgreesWithThePublicLayer() {
        PloyRules rules = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.IMPERIUM);
        assertEquals(slow(rules.start(), 3), rules.perft(rules.start(), 3, () -> false));
    }
}
