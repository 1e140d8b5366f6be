package com.plyyard.engine.piracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PiracyRecordTest {

    /**
     * A whole game by a simple deterministic policy: deal the most hits, avoid running aground and circle
     * penalties when possible, prefer F, then L, then R.
     */
    static List<String> playOut(PiracyPosition p) {
        List<String> moves = new ArrayList<>();
        while (p.outcome().isEmpty()) {
            PiracyMove best = p.legalMoves().stream().max(Comparator
                .comparingInt((PiracyMove m) -> m.aground() ? -10 : 0)
                .thenComparingInt(PiracyMove::hitsDealt)
                .thenComparingInt(m -> -m.penalties())
                .thenComparingInt(m -> m.turn().equals("F") ? 2 : m.turn().equals("L") ? 1 : 0)).orElseThrow();
            moves.add(best.notation());
            p = p.play(best);
        }
        return moves;
    }

    @Test
    void aWholeGameIsWrittenAndReplayed() {
        PiracyPosition start = PiracyRulesTest.D4.start();
        List<String> moves = playOut(start);
        PiracyRecord record = PiracyRecord.record(start, moves, Map.of("Cook", "James", "Silver", "John"));
        PiracyPosition end = record.replay();
        assertTrue(end.outcome().isPresent());
        assertTrue(record.result().equals("cook") || record.result().equals("silver") || record.result().equals("draw"));
        String text = record.write();
        assertTrue(text.contains("[Variant \"piracy:classic\"]") && text.contains("[Island \"d4\"]"), text);
        assertTrue(text.startsWith("[Event \"?\"]"), text);
        assertTrue(text.contains("1. Fc3"), text);
        PiracyRecord back = PiracyRecord.parse(text);
        assertEquals(record.moves(), back.moves());
        assertEquals(end, back.replay());
        assertEquals(text, back.write());
    }

    @Test
    void aHandWrittenKamikazeRecord() {
        String text = """
            [Event "Test"]
            [Variant "piracy:classic"]
            [Island "d4"]
            [Position "8 d4 g4E:0:+0 g5SE:6:+0 c 0 -"]
            1. Lh5+# 1... Lh6 Lg7 Fe7 Fd7 Fc7 Lb7 Lf6 cook
            """;
        // the survivor moves alone: seven survival moves after the sinking
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> PiracyRecord.parse(text));
        assertTrue(e.getMessage().startsWith("Move 4 (Fe7)"), e.getMessage());
        PiracyRecord ok = PiracyRecord.parse(text.replace("Lh6 Lg7 Fe7 Fd7 Fc7 Lb7 Lf6", "Lh6 Lg7 Lf7 Fe7 Fd7 Fc7 Fb7"));
        assertEquals("cook", ok.result());
        assertEquals(8, ok.moves().size());
    }

    @Test
    void recordsSayTheirSea() {
        assertThrows(InvalidInputException.class, () -> PiracyRecord.parse("[Variant \"piracy:classic\"]\n1. F *"));
        assertThrows(InvalidInputException.class, () -> PiracyRecord.parse("[Island \"d4\"]\n1. F *"));
        PiracyRecord r = PiracyRecord.parse("[Variant \"piracy:classic\"]\n[Island \"e5\"]\n[BoardSize \"9\"]\n1. Fc3 *");
        assertEquals(9, r.rules().geometry().size());
        assertEquals("e5", r.rules().geometry().islandName());
        assertThrows(InvalidInputException.class,
            () -> PiracyRecord.parse("[Variant \"piracy:classic\"]\n[Island \"d4\"]\n[Position \"8 d4 g4E:0:+0 g5SE:6:+0 c 0 -\"]\n1. F F silver"));
    }
}
