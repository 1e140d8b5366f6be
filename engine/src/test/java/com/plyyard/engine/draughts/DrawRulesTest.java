package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.plyyard.engine.DrawCounter;
import com.plyyard.engine.EndReason;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every draw rule of both rule sets, triggered exactly at its limit and not one ply before. */
class DrawRulesTest {

    /**
     * Plays {@code plies} quiet king moves from {@code p}: the first in legal-move order that repeats no
     * earlier position and leaves the opponent no capture. Fails if the walk gets stuck.
     */
    static DraughtsPosition kingWalk(DraughtsPosition p, int plies) {
        Set<Long> seen = new HashSet<>();
        seen.add(DraughtsZobrist.key(p.state()));
        for (int i = 0; i < plies; i++) {
            assertTrue(p.outcome().isEmpty(), "walk ended early at ply " + i + ": " + p.outcome());
            DraughtsPosition next = null;
            for (DraughtsMove m : p.legalMoves()) {
                if (!m.kingMove() || m.isCapture()) {
                    continue;
                }
                DraughtsPosition candidate = p.play(m);
                boolean opponentCaptures = candidate.legalMovesIgnoringDraws().stream().anyMatch(DraughtsMove::isCapture);
                if (!opponentCaptures && seen.add(DraughtsZobrist.key(candidate.state()))) {
                    next = candidate;
                    break;
                }
            }
            if (next == null) {
                fail("no safe king move at ply " + i + " in " + p);
            }
            p = next;
        }
        return p;
    }

    static int counter(DraughtsPosition p, String rule) {
        return p.drawCounters().stream().filter(c -> c.rule().equals(rule)).mapToInt(DrawCounter::plies)
            .findFirst().orElse(-1);
    }

    static DraughtsPosition play(DraughtsPosition p, String... moves) {
        for (String m : moves) {
            p = p.play(m);
        }
        return p;
    }

    // ---------------------------------------------------------------- fmjd

    @Test
    void threefoldRepetition() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:WK46,50:BK3,1");
        DraughtsPosition twice = play(p, "46-41", "3-9", "41-46", "9-3");
        assertEquals(2, twice.repetitions());
        assertTrue(twice.outcome().isEmpty());
        DraughtsPosition thrice = play(twice, "46-41", "3-9", "41-46", "9-3");
        assertEquals(3, thrice.repetitions());
        assertEquals(EndReason.THREEFOLD_REPETITION, thrice.outcome().orElseThrow().reason());
        assertTrue(thrice.outcome().orElseThrow().draw());
        assertTrue(thrice.legalMoves().isEmpty());
    }

    @Test
    void repetitionHistoryRestartsAfterAManMove() {
        DraughtsPosition p = play(DraughtsRules.fmjd().parse("W:WK46,50:BK3,1"), "46-41", "3-9", "41-46", "9-3");
        assertEquals(5, p.repetitionKeys().length);
        DraughtsPosition afterMan = p.play("50-44");
        assertEquals(1, afterMan.repetitionKeys().length);
        assertEquals(1, afterMan.repetitions());
    }

    @Test
    void twentyFiveMoveRule() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:WK46,K47,49:BK4,K5,2");
        DraughtsPosition at49 = kingWalk(p, 49);
        assertEquals(49, counter(at49, "25-move"));
        assertTrue(at49.outcome().isEmpty());
        DraughtsPosition at50 = kingWalk(at49, 1);
        assertEquals(50, counter(at50, "25-move"));
        assertEquals(EndReason.TWENTY_FIVE_MOVE_RULE, at50.outcome().orElseThrow().reason());
    }

    @Test
    void twentyFiveMoveCountResetsOnManMoveAndCapture() {
        DraughtsPosition p = kingWalk(DraughtsRules.fmjd().parse("W:WK46,K47,49:BK4,K5,2"), 30);
        assertEquals(30, counter(p, "25-move"));
        DraughtsPosition man = p.play(p.legalMoves().stream().filter(m -> !m.kingMove()).findFirst().orElseThrow());
        assertEquals(0, counter(man, "25-move"));
        // a king capture resets it too
        DraughtsPosition restored = DraughtsRules.fmjd().restore("W:WK46,K47:BK4,K5,28", Map.of("25-move", 49), new long[0], 0);
        DraughtsPosition captured = restored.play(restored.legalMoves().get(0));
        assertTrue(restored.legalMoves().get(0).isCapture());
        assertEquals(0, counter(captured, "25-move"));
        assertTrue(captured.outcome().isEmpty());
    }

    @Test
    void sixteenMoveRule() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:WK46,K47,K48:BK3");
        assertEquals(0, counter(p, "16-move"));
        DraughtsPosition at31 = kingWalk(p, 31);
        assertEquals(31, counter(at31, "16-move"));
        assertTrue(at31.outcome().isEmpty());
        DraughtsPosition at32 = kingWalk(at31, 1);
        assertEquals(EndReason.SIXTEEN_MOVE_RULE, at32.outcome().orElseThrow().reason());
    }

    @Test
    void sixteenMoveRuleAlsoForTwoKingsAndAManOrAKingAndTwoMen() {
        assertEquals(0, counter(DraughtsRules.fmjd().parse("W:WK46,K47,49:BK5"), "16-move"));
        assertEquals(0, counter(DraughtsRules.fmjd().parse("W:WK46,48,49:BK5"), "16-move"));
        assertEquals(-1, counter(DraughtsRules.fmjd().parse("W:W46,48,49:BK5"), "16-move"));
        assertEquals(-1, counter(DraughtsRules.fmjd().parse("W:WK46,K47,K48,K49:BK5"), "16-move"));
        assertEquals(-1, counter(DraughtsRules.fmjd().parse("W:WK46,K47,K48:B5"), "16-move"));
    }

    @Test
    void fiveMoveRule() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:WK46,K47:BK3");
        assertEquals(0, counter(p, "5-move"));
        assertEquals(-1, counter(p, "16-move"));
        DraughtsPosition at9 = kingWalk(p, 9);
        assertTrue(at9.outcome().isEmpty());
        DraughtsPosition at10 = kingWalk(at9, 1);
        assertEquals(EndReason.FIVE_MOVE_RULE, at10.outcome().orElseThrow().reason());
    }

    @Test
    void aCaptureInsideTheSixteenMoveEndingKeepsItsMaximum() {
        // Black's lone king takes one of three kings (16-move count at 28): now a 5-move ending, but the
        // 16-move maximum still ends the game 4 plies after the capture (32), before 5 moves each (10)
        DraughtsPosition p = DraughtsRules.fmjd().restore("B:WK32,K45,K50:BK37", Map.of("16-move", 28), new long[0], 0);
        DraughtsPosition afterCapture = p.play("37x5");
        assertEquals(29, counter(afterCapture, "16-move"));
        assertEquals(0, counter(afterCapture, "5-move"));
        DraughtsPosition at31 = kingWalk(afterCapture, 2);
        assertTrue(at31.outcome().isEmpty());
        DraughtsPosition at32 = kingWalk(at31, 1);
        assertEquals(3, counter(at32, "5-move"));
        assertEquals(EndReason.SIXTEEN_MOVE_RULE, at32.outcome().orElseThrow().reason());
    }

    @Test
    void fmjdHasNoNoCaptureRule() {
        DraughtsPosition p = DraughtsRules.fmjd().start();
        assertEquals(List.of("25-move"), p.drawCounters().stream().map(DrawCounter::rule).toList());
    }

    // ---------------------------------------------------------------- plyyard

    @Test
    void plyyardDrawsAfterFiftyPliesWithoutCaptureOrPromotionAndHasNoRepetitionRule() {
        DraughtsPosition p = DraughtsRules.plyyard().parse("B:WK46,50:BK3,1");
        String[] cycle = {"3-9", "46-41", "9-3", "41-46"};
        for (int ply = 0; ply < 49; ply++) {
            p = p.play(cycle[ply % 4]);
        }
        assertTrue(p.repetitions() >= 3, "the position repeated " + p.repetitions() + " times");
        assertTrue(p.outcome().isEmpty(), "plyyard has no repetition rule");
        assertEquals(49, counter(p, "no-capture"));
        p = p.play(cycle[49 % 4]);
        assertEquals(EndReason.NO_CAPTURE_LIMIT, p.outcome().orElseThrow().reason());
        assertEquals("Draw: 50 plies without a capture or a promotion.", p.outcome().orElseThrow().description());
    }

    @Test
    void plyyardThresholdIsConfigurable() {
        DraughtsRules ten = (DraughtsRules) Variants.get("draughts:plyyard", Map.of("no-capture-draw-plies", "10"));
        DraughtsPosition p = ten.parse("B:WK46,50:BK3,1");
        String[] cycle = {"3-9", "46-41", "9-3", "41-46"};
        for (int ply = 0; ply < 9; ply++) {
            p = p.play(cycle[ply % 4]);
        }
        assertTrue(p.outcome().isEmpty());
        assertEquals(new DrawCounter("no-capture", 9, 10), p.drawCounters().get(0));
        assertEquals(EndReason.NO_CAPTURE_LIMIT, p.play(cycle[9 % 4]).outcome().orElseThrow().reason());
    }

    @Test
    void plyyardThresholdZeroDisablesTheRule() {
        DraughtsPosition p = DraughtsRules.plyyard(0).parse("B:WK46,50:BK3,1");
        String[] cycle = {"3-9", "46-41", "9-3", "41-46"};
        for (int ply = 0; ply < 200; ply++) {
            p = p.play(cycle[ply % 4]);
        }
        assertTrue(p.outcome().isEmpty());
        assertTrue(p.drawCounters().isEmpty());
    }

    @Test
    void plyyardCountsManMovesButResetsOnPromotionAndCapture() {
        DraughtsRules rules = DraughtsRules.plyyard();
        String fen = "B:WK1:B26,41";
        DraughtsPosition man = rules.restore(fen, Map.of("no-capture", 48), new long[0], 0).play("26-31");
        assertEquals(49, counter(man, "no-capture"));
        assertTrue(man.outcome().isEmpty());
        DraughtsPosition manAtLimit = rules.restore(fen, Map.of("no-capture", 49), new long[0], 0).play("26-31");
        assertEquals(EndReason.NO_CAPTURE_LIMIT, manAtLimit.outcome().orElseThrow().reason());
        DraughtsPosition promoted = rules.restore(fen, Map.of("no-capture", 49), new long[0], 0).play("41-47");
        assertEquals(Piece.BLACK_KING, promoted.state().pieceAt(47));
        assertEquals(0, counter(promoted, "no-capture"));
        assertTrue(promoted.outcome().isEmpty());
        DraughtsPosition captured = rules.restore("W:W28:B22,1", Map.of("no-capture", 49), new long[0], 0).play("28x17");
        assertEquals(0, counter(captured, "no-capture"));
        assertTrue(captured.outcome().isEmpty());
    }

    // ---------------------------------------------------------------- restoring history

    @Test
    void restoreKeepsCountersAndRepetitions() {
        DraughtsPosition p = play(DraughtsRules.fmjd().parse("W:WK46,50:BK3,1"), "46-41", "3-9", "41-46", "9-3",
            "46-41", "3-9", "41-46");
        DraughtsPosition copy = DraughtsRules.fmjd().restore(p.notation(),
            Map.of("25-move", counter(p, "25-move")), p.repetitionKeys(), p.ply());
        assertEquals(p, copy);
        assertEquals(EndReason.THREEFOLD_REPETITION, copy.play("9-3").outcome().orElseThrow().reason());
    }

    @Test
    void restoreRejectsInconsistentHistory() {
        DraughtsRules fmjd = DraughtsRules.fmjd();
        assertThrows(InvalidInputException.class, () -> fmjd.restore("W:W31-50:B1-20", Map.of("no-capture", 3), new long[0], 0));
        assertThrows(InvalidInputException.class, () -> fmjd.restore("W:W31-50:B1-20", Map.of("25-move", -1), new long[0], 0));
        assertThrows(InvalidInputException.class, () -> fmjd.restore("W:W31-50:B1-20", Map.of("16-move", 3), new long[0], 0));
        assertThrows(InvalidInputException.class, () -> fmjd.restore("W:WK46,K47,K48:BK5", Map.of("5-move", 3), new long[0], 0));
        assertThrows(InvalidInputException.class, () -> fmjd.restore("W:W31-50:B1-20", Map.of(), new long[0], -1));
        assertThrows(InvalidInputException.class,
            () -> DraughtsRules.plyyard().restore("B:W31-50:B1-20", Map.of("25-move", 3), new long[0], 0));
        assertEquals(EndReason.TWENTY_FIVE_MOVE_RULE,
            fmjd.restore("W:WK46,50:BK3,1", Map.of("25-move", 50), new long[0], 0).outcome().orElseThrow().reason());
    }
}
