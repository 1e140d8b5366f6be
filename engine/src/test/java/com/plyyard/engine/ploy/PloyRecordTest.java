package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.review.GameReviewer;
import java.util.ArrayList;
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

    /** Plays the position's first legal move, noting it. */
    private static PloyPosition first(PloyPosition p, List<String> moves) {
        PloyMove m = p.legalMoves().get(0);
        moves.add(m.notation());
        return p.play(m);
    }

    @Test
    void aFreeForAllRecordSaysWhereSeatsLeftAndReplaysToTheSamePosition() {
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        List<String> moves = new ArrayList<>();
        PloyPosition p = first(ffa.start(), moves); // Green
        p = p.withoutSeat(1); // Red resigns, out of turn
        p = first(first(first(p, moves), moves), moves); // Yellow, Blue, Green
        p = p.withoutSeat(3); // Blue's flag falls, out of turn
        p = first(first(p, moves), moves); // Yellow, Green
        List<SeatLeaving> leavings = List.of(new SeatLeaving(1, 1, EndReason.RESIGNATION),
            new SeatLeaving(4, 3, EndReason.TIMEOUT));

        PloyRecord record = PloyRecord.record(ffa.start(), moves, leavings, Map.of("Red", "Ann"));
        assertEquals(p, record.replay(), "the record replays to the position the game reached");
        assertEquals("*", record.result());
        String text = record.write();
        assertTrue(text.replace('\n', ' ').endsWith("  1. g:" + moves.get(0) + " r:resigns y:" + moves.get(1) + " b:"
            + moves.get(2) + " 2. g:" + moves.get(3) + " b:time y:" + moves.get(4) + " 3. g:" + moves.get(5) + " * "), text);

        PloyRecord back = PloyRecord.parse(text);
        assertEquals(moves, back.moves());
        assertEquals(leavings, back.leavings());
        assertEquals(p, back.replay());
        assertEquals(text, back.write());
        assertEquals(record.replay(), Variants.module("ploy").readRecord(text).replay(), "through the game's module too");

        GameReviewer.Replayed replayed = GameReviewer.replay(back);
        assertEquals(moves.size(), replayed.before().size());
        assertTrue(replayed.before().get(1).seats().get(1).out(), "Yellow's move is weighed with Red gone");
        assertTrue(replayed.before().get(4).seats().get(3).out(), "and Yellow's next with Blue gone too");
    }

    @Test
    void theLeavingThatLeavesOnePlayerEndsTheRecordWithTheWinner() {
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.IMPERIUM);
        List<String> moves = new ArrayList<>();
        first(ffa.start(), moves);
        List<SeatLeaving> leavings = List.of(new SeatLeaving(0, 3, EndReason.RESIGNATION),
            new SeatLeaving(1, 1, EndReason.TIMEOUT), new SeatLeaving(1, 2, EndReason.RESIGNATION));
        PloyRecord record = PloyRecord.record(ffa.start(), moves, leavings, Map.of());
        assertEquals("green", record.result());
        assertEquals(EndReason.LAST_STANDING, record.replay().outcome().orElseThrow().reason());
        String text = record.write();
        assertTrue(text.replace('\n', ' ').endsWith("  b:resigns 1. g:" + moves.get(0) + " r:time y:resigns green "), text);
        PloyRecord back = PloyRecord.parse(text);
        assertEquals("green", back.result());
        assertEquals(record.replay(), back.replay());

        InvalidInputException contradicted = assertThrows(InvalidInputException.class,
            () -> PloyRecord.parse(text.replace("y:resigns green", "y:resigns red")));
        assertEquals("The record's result red contradicts its final position: Green wins: the last player standing.",
            contradicted.getMessage());
        IllegalMoveException after = assertThrows(IllegalMoveException.class, () -> PloyRecord.record(ffa.start(), moves,
            List.of(new SeatLeaving(1, 3, EndReason.RESIGNATION), new SeatLeaving(1, 1, EndReason.RESIGNATION),
                new SeatLeaving(1, 2, EndReason.RESIGNATION), new SeatLeaving(1, 0, EndReason.RESIGNATION)), Map.of()));
        assertTrue(after.getMessage().startsWith("Leaving 4 (g:resigns): the game is over (Green wins"), after.getMessage());
    }

    @Test
    void aLeavingEndsATeamGameAndNothingFollowsIt() {
        PloyRules team = PloyRules.of(PloyMode.TEAMS, PloyRuleSet.THREE_M);
        List<String> moves = new ArrayList<>();
        PloyPosition p = first(team.start(), moves);
        List<SeatLeaving> leaving = List.of(new SeatLeaving(1, 1, EndReason.RESIGNATION));
        PloyRecord record = PloyRecord.record(team.start(), moves, leaving, Map.of());
        assertEquals("green+yellow", record.result());
        assertEquals(p, record.replay(), "the position stays as it was");
        String text = record.write();
        assertTrue(text.replace('\n', ' ').endsWith("  1. g:" + moves.get(0) + " r:resigns green+yellow "), text);
        assertEquals(leaving, PloyRecord.parse(text).leavings());
        assertEquals("green+yellow", PloyRecord.parse(text).result());

        String next = p.legalMoves().get(0).notation();
        IllegalMoveException e = assertThrows(IllegalMoveException.class,
            () -> PloyRecord.record(team.start(), List.of(moves.get(0), next), leaving, Map.of()));
        assertEquals("Move 2 (" + next + "): the game is over (Green and Yellow win: Red resigned.); no more moves can be "
            + "played.", e.getMessage());
    }

    @Test
    void leavingsThatCannotBeRecorded() {
        PloyRules ffa = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
        List<String> moves = new ArrayList<>();
        first(first(ffa.start(), moves), moves);
        IllegalMoveException twice = assertThrows(IllegalMoveException.class, () -> PloyRecord.record(ffa.start(), moves,
            List.of(new SeatLeaving(2, 1, EndReason.RESIGNATION), new SeatLeaving(2, 1, EndReason.TIMEOUT)), Map.of()));
        assertEquals("Leaving 2 (r:time): Red is already out of the game.", twice.getMessage());
        InvalidInputException beyond = assertThrows(InvalidInputException.class, () -> PloyRecord.record(ffa.start(), moves,
            List.of(new SeatLeaving(3, 1, EndReason.RESIGNATION)), Map.of()));
        assertEquals("Leaving 1 (r:resigns): it comes after move 3, but the record has 2 moves.", beyond.getMessage());
        InvalidInputException order = assertThrows(InvalidInputException.class, () -> PloyRecord.record(ffa.start(), moves,
            List.of(new SeatLeaving(2, 1, EndReason.RESIGNATION), new SeatLeaving(1, 2, EndReason.RESIGNATION)), Map.of()));
        assertEquals("Leaving 2 (y:resigns): the leavings must come in the order they happened; it comes after move 1, the "
            + "one before it after move 2.", order.getMessage());
        InvalidInputException noSeat = assertThrows(InvalidInputException.class, () -> PloyRecord.record(ffa.start(), moves,
            List.of(new SeatLeaving(0, 4, EndReason.RESIGNATION)), Map.of()));
        assertEquals("Leaving 1 (4:resigns): ploy:3m:ffa has seats 0 to 3, not 4.", noSeat.getMessage());
        InvalidInputException yellowIn2p = assertThrows(InvalidInputException.class,
            () -> PloyRecord.parse("[Variant \"ploy:3m:2p\"]\n1. d3-d4 y:resigns *"));
        assertEquals("Leaving 1 (y:resigns): ploy:3m:2p has no seat 'y'; its seats are green, red.", yellowIn2p.getMessage());
        assertThrows(InvalidInputException.class, () -> new SeatLeaving(0, 1, EndReason.AGREEMENT));

        InvalidInputException draughts = assertThrows(InvalidInputException.class, () -> Variants.module("draughts")
            .record(Variants.get("draughts:fmjd", Map.of()).start(), List.of(), List.of(new SeatLeaving(0, 1,
                EndReason.RESIGNATION)), Map.of()));
        assertEquals("A draughts record cannot say that a seat left while the game went on: in draughts a seat's leaving "
            + "ends the game, which the record's result says.", draughts.getMessage());
    }
}
