package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PloyRecordTest {

    @Test
    void twoPlayerRecordRoundTrips() {
        PloyRules rules = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M);
        PloyRecord record = PloyRecord.record(rules.start(), List.of("d3-d4r1", "e7-e6", "e1R3"), Map.of("Green", "Ann"));
        assertEquals(List.of("d3-d4r1", "e7-e6", "e1r1"), record.moves());
        String text = record.write();
        assertTrue(text.contains("[Variant \"ploy:3m:2p\"]"), text);
        assertTrue(text.contains("[Green \"Ann\"]"), text);
        assertTrue(text.contains("1. d3-d4r1 e7-e6 2. e1r1 *"), text);
        PloyRecord back = PloyRecord.parse(text);
        assertEquals(record.moves(), back.moves());
        assertEquals(record.replay(), back.replay());
        assertEquals(text, back.write());
    }

    @Test
    void fourPlayerRecordsNameTheMoverAndTheWinners() {
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        PloyPosition first = ffa.parse(EliminationTest.FFA_POSITION);
        PloyRecord record = PloyRecord.record(first, List.of("a7xa9", "a3xa1", "i1r1", "g2xg1"), Map.of());
        assertEquals("yellow", record.result());
        String text = record.write();
        assertTrue(text.contains("1. g:a7xa9 y:a3xa1 b:i1r1 2. y:g2xg1 yellow"), text);
        assertTrue(text.contains("[PPN \"" + EliminationTest.FFA_POSITION + "\"]"), text);
        assertEquals(record.replay(), PloyRecord.parse(text).replay());
    }

    @Test
    void teamRecordsKeepTheirOptions() {
        PloyRules rules = (PloyRules) Variants.get("ploy:imperium:team", Map.of("partnership", "3m", "no-capture-draw-plies", "80"));
        PloyRecord record = PloyRecord.record(rules.start(), List.of("c3-c4", "c7-c6"), Map.of());
        String text = record.write();
        assertTrue(text.contains("[Partnership \"3m\"]") && text.contains("[NoCaptureDrawPlies \"80\"]"), text);
        assertEquals(rules, PloyRecord.parse(text).rules());
    }

    @Test
    void resultsAndErrors() {
        assertThrows(InvalidInputException.class, () -> PloyRecord.parse("[Event \"x\"]\n1. c3-c4 *"));
        IllegalMoveException e = assertThrows(IllegalMoveException.class,
            () -> PloyRecord.parse("[Variant \"ploy:3m:2p\"]\n1. d3-d4 e7-e6 2. d4-d6 *"));
        assertTrue(e.getMessage().startsWith("Move 3 (d4-d6):"), e.getMessage());
        String won = "[Variant \"ploy:3m:2p\"]\n[PPN \"" + Boards.ppn("g 2p 3m", "e9=rAA", "a9=r01", "e7=g83", "e1=gAA")
            + "\"]\n1. e7xe9 ";
        assertEquals("green", PloyRecord.parse(won + "green").result());
        assertThrows(InvalidInputException.class, () -> PloyRecord.parse(won + "red"));
        assertEquals("red", PloyRecord.parse("[Variant \"ploy:3m:2p\"]\n1. d3-d4 red").result(), "resignation");
    }
}
