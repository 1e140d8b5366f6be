package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DraughtsMoveNotationTest {
    // White king 21: over 27 and 28 to 3 via 32 and 14, or over 27 and 33 to 3 via 38 and 20
    static final String AMBIGUOUS = "W:WK21:B9,27,28,33";

    @Test
    void shortFormsForQuietMovesAndUnambiguousCaptures() {
        DraughtsPosition start = DraughtsRules.fmjd().start();
        assertEquals(List.of("31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"),
            start.legalMoves().stream().map(DraughtsMove::notation).toList());
        DraughtsPosition p = start.play("32-28").play("19-23");
        assertEquals(List.of("28x19"), p.legalMoves().stream().map(DraughtsMove::notation).toList());
    }

    @Test
    void longFormExactlyWhenFromAndToAreShared() {
        DraughtsPosition p = DraughtsRules.fmjd().parse(AMBIGUOUS);
        assertEquals(List.of("21x32x14x3", "21x38x20x3"), p.legalMoves().stream().map(DraughtsMove::notation).toList());
        assertEquals(List.of(9, 27, 28), java.util.Arrays.stream(p.legalMoves().get(0).captured()).boxed().toList());
        assertEquals(List.of(9, 27, 33), java.util.Arrays.stream(p.legalMoves().get(1).captured()).boxed().toList());
    }

    @Test
    void readsLongAndPartialLongForms() {
        DraughtsPosition p = DraughtsRules.fmjd().parse(AMBIGUOUS);
        assertEquals("21x32x14x3", p.parseMove("21x32x14x3").notation());
        assertEquals("21x32x14x3", p.parseMove("21x14x3").notation());
        assertEquals("21x38x20x3", p.parseMove("21x20x3").notation());
        assertEquals("21x38x20x3", p.parseMove("21x38x3").notation());
    }

    @Test
    void ambiguousShortFormIsRejected() {
        DraughtsPosition p = DraughtsRules.fmjd().parse(AMBIGUOUS);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> p.parseMove("21x3"));
        assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
        assertTrue(e.getMessage().contains("21x32x14x3") && e.getMessage().contains("21x38x20x3"), e.getMessage());
    }

    @Test
    void longFormAcceptedEvenWhenNotRequired() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46");
        for (DraughtsMove m : p.legalMoves()) {
            assertEquals(m, p.parseMove(m.longNotation()));
        }
    }

    @Test
    void separatorsAndAnnotationsAreTolerated() {
        DraughtsPosition p = DraughtsRules.fmjd().start().play("32-28").play("19-23");
        assertEquals("28x19", p.parseMove("28-19").notation());
        assertEquals("28x19", p.parseMove(" 28x19! ").notation());
    }

    @Test
    void malformedMoves() {
        DraughtsPosition p = DraughtsRules.fmjd().start();
        for (String bad : new String[] {"", "32", "32-", "-28", "a-b", "32--28", "32-28-", "e2e4", "100-28"}) {
            assertThrows(InvalidInputException.class, () -> p.parseMove(bad), bad);
        }
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> p.parseMove("32-51"));
        assertTrue(e.getMessage().contains("square 51"), e.getMessage());
    }

    @Test
    void illegalMovesSayWhy() {
        DraughtsPosition start = DraughtsRules.fmjd().start();
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> start.parseMove("32-23"));
        assertTrue(e.getMessage().startsWith("32-23 is not legal here"), e.getMessage());
        IllegalMoveException none = assertThrows(IllegalMoveException.class, () -> start.parseMove("25-30"));
        assertTrue(none.getMessage().contains("no piece of the side to move on 25"), none.getMessage());
        DraughtsPosition capture = start.play("32-28").play("19-23");
        IllegalMoveException forced = assertThrows(IllegalMoveException.class, () -> capture.parseMove("31-27"));
        assertTrue(forced.getMessage().contains("capturing is compulsory"), forced.getMessage());
        assertTrue(forced.getMessage().contains("28x19"), forced.getMessage());
    }

    @Test
    void shorterCaptureIsIllegalUnderTheMajorityRule() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:W12:B8,9");
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> p.parseMove("12x3"));
        assertTrue(e.getMessage().contains("takes 2 pieces"), e.getMessage());
    }

    /** The rules' divergence position 2: on equal count Ply Yard's king priority decides, and the refusal says so. */
    @Test
    void aCaptureLosingOnKingPriorityIsToldWhy() {
        String fen = "B:WK13,18,32,33,41,43,44,46,49,50:B30,35,K47";
        IllegalMoveException e = assertThrows(IllegalMoveException.class,
            () -> DraughtsRules.plyyard().parse(fen).parseMove("47x12"));
        assertEquals("47x12 is not legal: capturing is compulsory and the longest capture takes 2 pieces; on equal count the"
            + " capture taking more kings is compulsory here, and these take 1 king (47x2, 47x8).", e.getMessage());
        // FMJD has no king priority: the same capture is legal there
        assertEquals("47x12", DraughtsRules.fmjd().parse(fen).parseMove("47x12").notation());
    }

    /** The order as specified: squares compared by number in turn, then by count, then as text. */
    private static int byDefinition(String a, String b) {
        String[] pa = a.split("[-x]");
        String[] pb = b.split("[-x]");
        for (int i = 0; i < Math.min(pa.length, pb.length); i++) {
            int c = Integer.compare(Integer.parseInt(pa[i]), Integer.parseInt(pb[i]));
            if (c != 0) {
                return c;
            }
        }
        int c = Integer.compare(pa.length, pb.length);
        return c != 0 ? c : a.compareTo(b);
    }

    @Test
    void theMoveOrderIsTheNumericOrderOfTheSquares() {
        List<String> notations = new java.util.ArrayList<>(List.of("1-6", "6-1", "10-14", "9-14", "21x32x14x3",
            "21x38x20x3", "21x3", "21-3", "5x14", "5-14", "46x5", "46x37x28x19x10x5", "50-45", "45-50"));
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int game = 0; game < 40; game++) {
            DraughtsPosition p = (game % 2 == 0 ? DraughtsRules.fmjd() : DraughtsRules.plyyard()).start();
            for (int ply = 0; ply < 120 && !p.legalMoves().isEmpty(); ply++) {
                p.legalMoves().forEach(m -> notations.add(m.notation()));
                p = p.play(p.legalMoves().get(random.nextInt(p.legalMoves().size())));
            }
        }
        for (int i = 0; i < notations.size(); i += 7) {
            for (int j = 0; j < notations.size(); j += 11) {
                String a = notations.get(i);
                String b = notations.get(j);
                assertEquals(Integer.signum(byDefinition(a, b)), Integer.signum(DraughtsMoveNotation.ORDER.compare(a, b)),
                    a + " against " + b);
            }
        }
        assertTrue(DraughtsMoveNotation.ORDER.compare("9-14", "10-14") < 0, "9 before 10, unlike text");
        assertTrue(DraughtsMoveNotation.ORDER.compare("21-3", "21x3") < 0, "same squares: '-' before 'x'");
        assertTrue(DraughtsMoveNotation.ORDER.compare("21x3", "21x32x14x3") < 0, "3 before 32");
    }
}
