package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hub positions (51 characters) and moves (captures with their captured squares). */
class HubNotationTest {
    static final String START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    // White king 21: over 27 and 28 to 3 via 32 and 14, or over 27 and 33 to 3 via 38 and 20 (PDN's 21x3 is ambiguous)
    static final String AMBIGUOUS = "W:WK21:B9,27,28,33";

    @Test
    void theStartPositionBothWays() {
        DraughtsPosition start = DraughtsRules.fmjd().start();
        assertEquals(START, HubPosition.format(start.state()));
        assertEquals(start, HubPosition.parse(START, DraughtsRules.fmjd()));
        assertEquals("B" + START.substring(1), HubPosition.format(DraughtsRules.plyyard().start().state()),
            "plyyard: Black starts");
    }

    @Test
    void kingsAndEmptySquaresBothWays() {
        DraughtsPosition p = DraughtsRules.fmjd().parse(AMBIGUOUS);
        String hub = HubPosition.format(p.state());
        assertEquals(51, hub.length());
        assertEquals('W', hub.charAt(21));
        assertEquals('b', hub.charAt(9));
        assertEquals(p.notation(), HubPosition.parse(hub, DraughtsRules.fmjd()).notation());
    }

    @Test
    void refusesMalformedPositions() {
        for (String bad : List.of("", START.substring(1), START + "e", "X" + START.substring(1),
            START.substring(0, 10) + "x" + START.substring(11), "W" + "w" + "e".repeat(49))) {
            assertThrows(InvalidInputException.class, () -> HubPosition.parse(bad, DraughtsRules.fmjd()), bad);
        }
    }

    @Test
    void quietMovesAndCapturesWithTheirCapturedSquares() {
        DraughtsPosition start = DraughtsRules.fmjd().start();
        DraughtsMove quiet = HubMoves.parse("32-28", start);
        assertEquals("32-28", quiet.notation());
        assertEquals("32-28", HubMoves.format(quiet));
        DraughtsPosition p = start.play("32-28").play("19-23");
        DraughtsMove capture = p.legalMoves().get(0);
        assertEquals("28x19x23", HubMoves.format(capture), "from, to, then the captured square");
        assertEquals(capture, HubMoves.parse("28x19x23", p));
        assertEquals(capture, HubMoves.parse("28x19", p), "the captured squares may be left out when one move fits");
    }

    @Test
    void capturedSquaresTellSameFromAndToApart() {
        DraughtsPosition p = DraughtsRules.fmjd().parse(AMBIGUOUS);
        assertEquals(List.of("21x3x9x27x28", "21x3x9x27x33"), p.legalMoves().stream().map(HubMoves::format).toList());
        assertEquals("21x32x14x3", HubMoves.parse("21x3x9x27x28", p).notation());
        assertEquals("21x38x20x3", HubMoves.parse("21x3x33x27x9", p).notation(), "in any order");
        assertEquals("21x38x20x3", HubMoves.parse("21x3x33", p).notation(), "one telling square is enough");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> HubMoves.parse("21x3", p));
        assertTrue(e.getMessage().contains("21x3x9x27x28") && e.getMessage().contains("21x3x9x27x33"), e.getMessage());
    }

    @Test
    void refusesIllegalAndMalformedMoves() {
        DraughtsPosition start = DraughtsRules.fmjd().start();
        IllegalMoveException illegal = assertThrows(IllegalMoveException.class, () -> HubMoves.parse("46-41", start));
        assertTrue(illegal.getMessage().contains("32-28"), illegal.getMessage());
        assertThrows(IllegalMoveException.class, () -> HubMoves.parse("32x28", start), "quiet written as a capture");
        for (String bad : List.of("", "32", "32-28-23", "a-b", "32_28", "0-5", "32-51", "28x19-23")) {
            assertThrows(InvalidInputException.class, () -> HubMoves.parse(bad, start), bad);
        }
    }
}
