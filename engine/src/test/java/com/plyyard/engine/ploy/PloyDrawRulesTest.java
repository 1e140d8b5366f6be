package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PloyDrawRulesTest {
    static final String[] SHUFFLE = {"e1r1", "e9r1", "e1r1", "e9r1"};

    static PloyPosition shuffle(PloyPosition p, int plies) {
        for (int i = 0; i < plies; i++) {
            p = p.play(SHUFFLE[i % 4]);
        }
        return p;
    }

    @Test
    void threefoldRepetitionWithTheSameSeatToMove() {
        PloyPosition start = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M).start();
        PloyPosition twice = shuffle(start, 4);
        assertEquals(2, twice.repetitions());
        assertTrue(twice.outcome().isEmpty());
        PloyPosition thrice = shuffle(start, 8);
        assertEquals(EndReason.THREEFOLD_REPETITION, thrice.outcome().orElseThrow().reason());
        assertTrue(thrice.outcome().orElseThrow().draw());
    }

    @Test
    void repetitionDrawCanBeSwitchedOff() {
        PloyRules rules = (PloyRules) Variants.get("ploy:3m:2p", Map.of("repetition-draw", "false"));
        assertTrue(shuffle(rules.start(), 12).outcome().isEmpty());
    }

    @Test
    void noCaptureLimitIsConfigurable() {
        PloyRules ten = (PloyRules) Variants.get("ploy:3m:2p", Map.of("no-capture-draw-plies", "10",
            "repetition-draw", "false"));
        PloyPosition nine = shuffle(ten.start(), 9);
        assertEquals(List.of(new DrawCounter("no-capture", 9, 10)), nine.drawCounters());
        assertTrue(nine.outcome().isEmpty());
        PloyPosition drawn = shuffle(ten.start(), 10);
        assertEquals(EndReason.NO_CAPTURE_LIMIT, drawn.outcome().orElseThrow().reason());
        assertEquals("Draw: 10 plies without a capture.", drawn.outcome().orElseThrow().description());
    }

    @Test
    void defaultLimitIs200AndZeroDisables() {
        PloyRules standard = (PloyRules) Variants.get("ploy:3m:2p", Map.of("repetition-draw", "false"));
        assertTrue(shuffle(standard.start(), 199).outcome().isEmpty());
        assertEquals(EndReason.NO_CAPTURE_LIMIT, shuffle(standard.start(), 200).outcome().orElseThrow().reason());
        PloyRules off = (PloyRules) Variants.get("ploy:3m:2p", Map.of("repetition-draw", "false", "no-capture-draw-plies", "0"));
        assertTrue(shuffle(off.start(), 400).outcome().isEmpty());
        assertTrue(off.start().drawCounters().isEmpty());
    }

    @Test
    void aCaptureResetsTheCountAndTheRepetitionHistory() {
        PloyRules rules = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M);
        PloyPosition p = rules.restore(Boards.ppn("g 2p 3m", "e9=rAA", "a9=r01", "c9=r01", "e7=g83", "e1=gAA"),
            Map.of("no-capture", 150), new long[0], 40);
        PloyPosition quiet = p.play("e7-d8").play("e9r1");
        assertEquals(152, quiet.drawCounters().get(0).plies());
        assertEquals(3, quiet.repetitionKeys().length);
        PloyPosition captured = quiet.play("d8xc9");
        assertEquals(0, captured.drawCounters().get(0).plies());
        assertEquals(1, captured.repetitionKeys().length);
        assertEquals(43, captured.ply());
    }

    @Test
    void restoreChecksItsCounters() {
        PloyRules rules = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M);
        String start = rules.start().notation();
        assertThrows(InvalidInputException.class, () -> rules.restore(start, Map.of("25-move", 3), new long[0], 0));
        assertThrows(InvalidInputException.class, () -> rules.restore(start, Map.of("no-capture", -1), new long[0], 0));
        PloyPosition p = shuffle(rules.start(), 7);
        PloyPosition copy = rules.restore(p.notation(), Map.of("no-capture", 7), p.repetitionKeys(), p.ply());
        assertEquals(p, copy);
        assertEquals(EndReason.THREEFOLD_REPETITION, copy.play(SHUFFLE[3]).outcome().orElseThrow().reason());
    }
}
