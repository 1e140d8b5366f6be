package com.plyyard.engine.piracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test vectors of ../shared/rules/piracy.md and the end-of-game rules. */
class PiracyRulesTest {
    static final PiracyRules D4 = rules(Map.of("island", "d4"));

    static PiracyRules rules(Map<String, String> options) {
        return (PiracyRules) Variants.get("piracy:classic", options);
    }

    static List<String> longMoves(PiracyPosition p) {
        return p.legalMoves().stream().map(PiracyMove::longNotation).toList();
    }

    @ParameterizedTest
    @CsvSource({"0, d5", "1, e4", "2, d4", "3, c3", "42, d3", "12345, e5"})
    void islandFromSeed(long seed, String island) {
        assertEquals(island, rules(Map.of("island-seed", Long.toString(seed))).geometry().islandName());
    }

    @Test
    void islandSeedRejectionSampling() {
        // k = 5 on a 10x10 board: 25 placements, all inside the allowed area
        for (long seed = 0; seed < 200; seed++) {
            int[] i = Islands.fromSeed(seed, 10);
            assertTrue(i[0] >= 2 && i[0] <= 6 && i[1] >= 2 && i[1] <= 6, seed + " -> " + i[0] + "," + i[1]);
        }
        assertEquals(rules(Map.of("island-seed", "18446744073709551615")).geometry(),
            rules(Map.of("island-seed", "18446744073709551615")).geometry(), "unsigned seeds are fine");
    }

    @Test
    void startPositionAndItsMoves() {
        PiracyPosition start = D4.start();
        assertEquals("8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -", start.notation());
        assertEquals(List.of("Fc3", "Lb3", "Rc2"), longMoves(start));
        PiracyPosition left = start.play("L");
        assertEquals(new PiracyPosition.ShipView("b3", "b2", 2, 0, 1, false), left.ship(0), "L: bow b3 heading N");
        assertEquals(new PiracyPosition.ShipView("c3", "b2", 1, 0, 0, false), start.play("F").ship(0));
        assertEquals(new PiracyPosition.ShipView("c2", "b2", 0, 0, -1, false), start.play("R").ship(0));
    }

    @Test
    void ports() {
        // bow a1 heading W: L runs aground (S, off the board), R -> a2 heading N is the only safe exit
        PiracyPosition west = D4.parse("8 d4 a1W:0:+0 g7SW:0:+0 c 0 -");
        assertEquals(List.of("L~", "Ra2"), longMoves(west));
        assertEquals(2, west.play("R").ship(0).heading());
        IllegalMoveException f = assertThrows(IllegalMoveException.class, () -> west.parseMove("F"));
        assertTrue(f.getMessage().contains("in port"), f.getMessage());
        // heading SW: both options leave the board
        assertEquals(List.of("L~", "R~"), longMoves(D4.parse("8 d4 a1SW:0:+0 g7SW:0:+0 c 0 -")));
        // a port turn counts two units for the circle rule
        assertEquals(-2, west.play("R").ship(0).run());
    }

    @Test
    void hitsAndRamming() {
        PiracyPosition p = D4.parse("8 d4 b4N:0:+0 c6N:0:+0 c 0 -");
        assertEquals(List.of("Fb5++", "La5+"), longMoves(p));
        IllegalMoveException ram = assertThrows(IllegalMoveException.class, () -> p.parseMove("R"));
        assertTrue(ram.getMessage().contains("ram Silver on c5"), ram.getMessage());
        assertEquals(2, p.play("F").ship(1).hits());
        assertEquals(1, p.play("L").ship(1).hits());
        assertEquals(0, p.play("F").ship(0).hits(), "only the mover scores");
    }

    @Test
    void forcedGrounding() {
        PiracyPosition p = D4.parse("8 d4 a5N:0:+0 b6E:0:+0 c 0 -");
        assertEquals(List.of("L~"), longMoves(p));
        PiracyPosition after = p.play("L");
        assertTrue(after.ship(0).sunk());
        assertEquals(0, after.ship(1).hits(), "nothing else happens in a grounding ply");
        assertEquals(1, after.toMove());
        assertEquals(7, after.survivalMovesLeft().orElseThrow());
    }

    @Test
    void theCircleSequence() {
        // Cook from c2-d2 heading E; Silver sails down the h-file out of the way
        PiracyRules e5 = rules(Map.of("island", "e5"));
        PiracyPosition p = e5.parse("8 e5 d2E:0:+0 h7S:0:+0 c 0 -");
        String[] cook = {"L", "L", "L", "F", "L", "L", "L", "L", "L"};
        String[] silver = {"F", "F", "F", "F", "F", "F", "R", "F"};
        String[] bows = {"e3", "e4", "d5", "c6", "b6", "a5", "a4", "b3", "c3"};
        for (int i = 0; i < 9; i++) {
            PiracyMove m = p.parseMove(cook[i]);
            p = p.play(m);
            assertEquals(bows[i], p.ship(0).bow(), "move " + (i + 1));
            if (i < 8) {
                assertEquals(0, p.ship(0).hits());
                p = p.play(silver[i]);
            } else {
                assertEquals("L!", m.notation());
            }
        }
        assertEquals(1, p.ship(0).hits(), "the 9th move completes 8 left units: one penalty hit");
        assertEquals(0, p.ship(0).run());
    }

    @Test
    void circleRuleOffChangesTheOutcome() {
        PiracyRules off = rules(Map.of("island", "e5", "circle-rule", "false"));
        PiracyPosition p = off.parse("8 e5 d2E:0:+7 h7S:0:+0 c 0 -").play("L");
        assertEquals(0, p.ship(0).hits());
        assertEquals(1, rules(Map.of("island", "e5")).parse("8 e5 d2E:0:+7 h7S:0:+0 c 0 -").play("L").ship(0).hits());
    }

    @Test
    void runResetsOnAnOppositeTurnAndIgnoresStraightMoves() {
        PiracyPosition p = D4.parse("8 d4 b2NE:0:+5 g7SW:0:+0 c 0 -");
        assertEquals(5, p.play("F").ship(0).run());
        assertEquals(-1, p.play("R").ship(0).run());
        assertEquals(6, p.play("L").ship(0).run());
    }

    @Test
    void kamikaze() {
        PiracyPosition p = D4.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -");
        assertEquals(List.of("Fh4+#", "Lh5+#", "Rh3+#"), longMoves(p));
        // F -> h4 faces land with no exit: the survivor runs aground, a draw
        PiracyPosition trapped = p.play("F");
        assertTrue(trapped.ship(1).sunk());
        assertEquals(List.of("L~", "F~", "R~").stream().sorted().toList(), trapped.legalMoves().stream()
            .map(PiracyMove::notation).toList());
        Outcome draw = trapped.play("F").outcome().orElseThrow();
        assertTrue(draw.draw());
        assertEquals(EndReason.SURVIVOR_SANK, draw.reason());
        // L -> h5 and R -> h3 win: seven moves afloat
        for (String first : List.of("L", "R")) {
            PiracyPosition q = p.play(first);
            for (int i = 0; i < 7; i++) {
                assertTrue(q.outcome().isEmpty(), first + " survival move " + i);
                assertEquals(7 - i, q.survivalMovesLeft().orElseThrow());
                q = q.play(q.legalMoves().stream().filter(m -> !m.aground()).findFirst().orElseThrow());
            }
            Outcome win = q.outcome().orElseThrow();
            assertEquals(List.of(0), win.winners());
            assertEquals(EndReason.SHIP_SURVIVED, win.reason());
        }
    }

    @Test
    void aSinkingSurvivorLosesUnderTheLossOption() {
        PiracyRules loss = rules(Map.of("island", "d4", "survivor-sinks", "loss"));
        Outcome o = loss.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -").play("F").play("F").outcome().orElseThrow();
        assertFalse(o.draw());
        assertEquals(List.of(1), o.winners());
        assertEquals("Silver wins: Cook sank during its survival moves.", o.description());
    }

    @Test
    void bothShipsSinkingInOnePlyIsADraw() {
        // Cook's L hits Silver twice (its 7th and 8th) and completes Cook's eighth left unit (its 7th hit)
        PiracyRules e5 = rules(Map.of("island", "e5"));
        PiracyPosition p = e5.parse("8 e5 c2E:6:+7 e4N:6:+0 c 100 -");
        assertEquals("L++!#", p.parseMove("L").notation());
        Outcome o = p.play("L").outcome().orElseThrow();
        assertEquals(EndReason.BOTH_SUNK, o.reason());
        assertTrue(o.draw());
    }

    @Test
    void the490PlyDraw() {
        PiracyPosition p = D4.parse("8 d4 b2NE:0:+0 g7SW:0:+0 c 488 -");
        PiracyPosition at489 = p.play("F");
        assertTrue(at489.outcome().isEmpty());
        Outcome o = at489.play("F").outcome().orElseThrow();
        assertEquals(EndReason.PLY_LIMIT, o.reason());
        // a survival phase begun before the limit is played out
        PiracyPosition survival = D4.parse("8 d4 g4E:0:+0 g5SE:6:+0 c 489 -").play("L");
        assertEquals(490, survival.ply());
        assertTrue(survival.outcome().isEmpty());
    }

    @Test
    void silverFirstAndOtherBoardSizes() {
        PiracyRules silverFirst = rules(Map.of("first", "silver", "island", "d4"));
        assertEquals("8 d4 b2NE:0:+0 g7SW:0:+0 s 0 -", silverFirst.start().notation());
        assertEquals(1, silverFirst.start().toMove());
        PiracyRules ten = rules(Map.of("board-size", "10", "island", "e6"));
        assertEquals("10 e6 b2NE:0:+0 i9SW:0:+0 c 0 -", ten.start().notation());
        assertEquals(List.of("Fc3", "Lb3", "Rc2"), longMoves(ten.start()));
    }

    @Test
    void badOptions() {
        assertThrows(InvalidInputException.class, () -> rules(Map.of("board-size", "5")));
        InvalidInputException off = assertThrows(InvalidInputException.class, () -> rules(Map.of("island", "b2")));
        assertTrue(off.getMessage().contains("two free squares on every side"), off.getMessage());
        assertThrows(InvalidInputException.class, () -> rules(Map.of("island", "f4")));
        assertThrows(InvalidInputException.class, () -> rules(Map.of("island", "d4", "island-seed", "0")));
        assertThrows(InvalidInputException.class, () -> rules(Map.of("colour", "red")));
        assertThrows(InvalidInputException.class, () -> rules(Map.of("first", "blackbeard")));
        assertThrows(InvalidInputException.class, () -> rules(Map.of("island-seed", "-1")));
    }

    @Test
    void malformedPositions() {
        for (String bad : new String[] {"", "8 d4 b2NE:0:+0 g7SW:0:+0 c 0", "5 c3 b2NE:0:+0 d4SW:0:+0 c 0 -",
            "8 b2 b2NE:0:+0 g7SW:0:+0 c 0 -", "8 d4 b2XX:0:+0 g7SW:0:+0 c 0 -", "8 d4 a1NE:0:+0 g7SW:0:+0 c 0 -",
            "8 d4 b2NE:7:+0 g7SW:0:+0 c 0 -", "8 d4 b2NE:0:+9 g7SW:0:+0 c 0 -", "8 d4 b2NE:0:+0 c3NE:0:+0 c 0 -",
            "8 d4 b2NE:0:+0 g7SW:0:+0 x 0 -", "8 d4 b2NE:0:+0 g7SW:0:+0 c 0 3", "8 d4 - g7SW:0:+0 c 0 3",
            "8 d4 e4N:0:+0 g7SW:0:+0 c 0 -", "8 d4 b2NE:0 g7SW:0:+0 c 0 -"}) {
            assertThrows(InvalidInputException.class, () -> D4.parse(bad), bad);
        }
    }

    @Test
    void positionTextCarriesItsSea() {
        PiracyPosition p = PiracyRules.classic().parse("8 c3 b2NE:0:+0 g7SW:0:+0 c 0 -");
        assertEquals("c3", p.rules().geometry().islandName());
        assertEquals("8 c3 b2NE:0:+0 g7SW:0:+0 c 0 -", p.notation());
    }

    @Test
    void moveNotationInput() {
        PiracyPosition start = D4.start();
        assertEquals("F", start.parseMove("Fc3").notation());
        assertEquals("F", start.parseMove("f").notation());
        assertEquals("L", start.parseMove("Lb3+").notation(), "suffixes are ignored on input");
        IllegalMoveException wrong = assertThrows(IllegalMoveException.class, () -> start.parseMove("Fc4"));
        assertTrue(wrong.getMessage().contains("takes Cook's bow to c3, not c4"), wrong.getMessage());
        for (String bad : new String[] {"", "X", "Fc", "LL", "F3c"}) {
            assertThrows(InvalidInputException.class, () -> start.parseMove(bad), bad);
        }
    }
}
