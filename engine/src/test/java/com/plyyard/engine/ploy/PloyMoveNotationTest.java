package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PloyMoveNotationTest {
    static final PloyPosition START = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M).start();
    static final PloyPosition IMPERIUM = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.IMPERIUM).start();

    @Test
    void shieldMovesAndTurnsInOneMove() {
        List<String> d3 = START.legalMoves().stream().map(PloyMove::notation).filter(n -> n.startsWith("d3-")).toList();
        assertEquals(List.of("d3-d4", "d3-d4r1", "d3-d4r2", "d3-d4r3", "d3-d4r4", "d3-d4r5", "d3-d4r6", "d3-d4r7"), d3);
        PloyPosition after = START.play("d3-d4r2");
        assertEquals(new PloyPiece("d4", 0, 0, PieceKind.SHIELD, 0x04), EliminationTest.at(after, "d4"));
        List<String> imperium = IMPERIUM.legalMoves().stream().map(PloyMove::notation).filter(n -> n.startsWith("d3-")).toList();
        assertEquals(List.of("d3-d4", "d3-d4r1", "d3-d4r7"), imperium);
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> IMPERIUM.parseMove("d3-d4r2"));
        assertTrue(e.getMessage().contains("±45°"), e.getMessage());
    }

    @Test
    void rotationsUseTheSmallestClockwiseStep() {
        // the Commander has two orientations: every odd turn gives the same mask, written r1
        PloyMove m = START.parseMove("e1r3");
        assertEquals("e1r1", m.notation());
        assertEquals(0x55, m.newMask());
        assertEquals(1, START.legalMoves().stream().filter(x -> x.from().equals("e1") && x.isRotationInPlace()).count());
        // the I-probe on e2 has four
        assertEquals(List.of("e2r1", "e2r2", "e2r3"), START.legalMoves().stream()
            .filter(x -> x.from().equals("e2") && x.isRotationInPlace()).map(PloyMove::notation).toList());
    }

    @Test
    void aRotationToTheSameMaskIsNotAMove() {
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> START.parseMove("e2r4"));
        assertTrue(e.getMessage().contains("leaves its direction mask as it is"), e.getMessage());
        assertThrows(IllegalMoveException.class, () -> START.parseMove("e1r2"));
        assertThrows(IllegalMoveException.class, () -> START.parseMove("c1r0"));
    }

    @Test
    void imperiumTurnsByOneStepOnly() {
        assertEquals("c1r7", IMPERIUM.parseMove("c1r7").notation());
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> IMPERIUM.parseMove("c1r2"));
        assertTrue(e.getMessage().contains("±45°"), e.getMessage());
    }

    @Test
    void onlyAShieldTurnsAfterMoving() {
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> START.parseMove("c2-c3r1"));
        assertTrue(e.getMessage().contains("only a Shield may turn after moving"), e.getMessage());
    }

    @Test
    void piecesOfOthersAndEmptyPoints() {
        IllegalMoveException other = assertThrows(IllegalMoveException.class, () -> START.parseMove("e9r1"));
        assertTrue(other.getMessage().contains("controlled by Red, and Green is to move"), other.getMessage());
        IllegalMoveException empty = assertThrows(IllegalMoveException.class, () -> START.parseMove("e5-e6"));
        assertTrue(empty.getMessage().contains("no piece on e5"), empty.getMessage());
    }

    @Test
    void motionErrorsSayWhy() {
        assertTrue(assertThrows(IllegalMoveException.class, () -> START.parseMove("d3-e4")).getMessage()
            .contains("does not point towards e4"));
        assertTrue(assertThrows(IllegalMoveException.class, () -> START.parseMove("d3-d5")).getMessage()
            .contains("moves at most 1 point"));
        assertTrue(assertThrows(IllegalMoveException.class, () -> START.parseMove("d1-d4")).getMessage()
            .contains("blocked on d2"));
        assertTrue(assertThrows(IllegalMoveException.class, () -> START.parseMove("d1-d2")).getMessage()
            .contains("own"));
    }

    @Test
    void captureSeparatorIsLenientOnInput() {
        PloyPosition p = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M)
            .parse(Boards.ppn("g 2p 3m", "e9=rAA", "a9=r01", "e7=g83", "e1=gAA"));
        assertEquals("e7xe9", p.parseMove("e7-e9").notation());
        assertEquals("e7-e8", p.parseMove("E7xE8").notation());
    }

    @Test
    void moverPrefix() {
        PloyPosition ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M).start();
        assertEquals("c2-d3", ffa.parseMove("g:c2-d3").notation());
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> ffa.parseMove("r:c2-d3"));
        assertTrue(e.getMessage().contains("it is Green's turn"), e.getMessage());
        assertThrows(InvalidInputException.class, () -> START.parseMove("y:c2-c3"));
    }

    @Test
    void malformedMoves() {
        for (String bad : new String[] {"", "c2", "c2-", "c2-c", "j2-j3", "c0-c1", "c2-c3r8", "c2c3", "2c-3c", "c2-c3r"}) {
            assertThrows(InvalidInputException.class, () -> START.parseMove(bad), bad);
        }
    }
}
