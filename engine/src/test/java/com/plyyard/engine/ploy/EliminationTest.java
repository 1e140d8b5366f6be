package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Seat;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every way out of the game (spec §5), in each mode. */
class EliminationTest {
    static final PloyRules TWO = PloyRules.of(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M);
    static final PloyRules FFA = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);
    static final PloyRules TEAM = PloyRules.of(PloyMode.TEAMS, PloyRuleSet.THREE_M);
    static final PloyRules TEAM_3M = (PloyRules) Variants.get("ploy:3m:team", Map.of("partnership", "3m"));

    static PloyPiece at(PloyPosition p, String point) {
        return p.pieces().stream().filter(x -> x.point().equals(point)).findFirst().orElse(null);
    }

    // ---------------------------------------------------------------- two players

    @Test
    void twoPlayersCommanderCaptured() {
        // Green's W-lance on e7 points north; Red's Commander is two points away on e9
        PloyPosition p = TWO.parse(Boards.ppn("g 2p 3m", "e9=rAA", "a9=r01", "e7=g83", "e1=gAA"));
        PloyPosition end = p.play("e7xe9");
        Outcome o = end.outcome().orElseThrow();
        assertEquals(List.of(0), o.winners());
        assertEquals(EndReason.COMMANDER_CAPTURED, o.reason());
        assertEquals("Green wins: Red's Commander was captured.", o.description());
        assertTrue(end.legalMoves().isEmpty());
        assertTrue(end.seats().get(1).out());
    }

    @Test
    void twoPlayersBareCommander() {
        PloyPosition p = TWO.parse(Boards.ppn("g 2p 3m", "e9=rAA", "e8=r01", "e7=g83", "e1=gAA"));
        PloyPosition end = p.play("e7xe8");
        assertEquals(EndReason.BARE_COMMANDER, end.outcome().orElseThrow().reason());
        assertEquals("Green wins: Red has only its Commander left.", end.outcome().orElseThrow().description());
        assertEquals(PieceKind.COMMANDER, at(end, "e9").kind(), "the game is over; the Commander stays");
    }

    @Test
    void aBareCommanderPositionIsAlreadyOver() {
        PloyPosition p = TWO.parse(Boards.ppn("g 2p 3m", "e9=rAA", "e1=gAA", "a1=g01"));
        assertEquals(EndReason.BARE_COMMANDER, p.outcome().orElseThrow().reason());
    }

    // ---------------------------------------------------------------- free-for-all

    /** Green to move; Green's lance can take Red's Commander, Yellow's lance Green's. */
    static final String FFA_POSITION = Boards.ppn("g ffa 3m",
        "a1=g55", "a7=g83", "c1=g01",
        "a9=r55", "c9=r10",
        "i9=y55", "a3=y38", "g2=y10",
        "i1=b55", "g1=b01");

    @Test
    void freeForAllTakeoverSkipsTheLoserAndChains() {
        PloyPosition p = FFA.parse(FFA_POSITION);
        PloyPosition redOut = p.play("a7xa9");
        assertTrue(redOut.seats().get(1).out());
        assertEquals(new PloyPiece("c9", 1, 0, PieceKind.SHIELD, 0x10), at(redOut, "c9"), "Red's shield is Green's now");
        assertEquals(2, redOut.toMove(), "Red's turn is skipped");
        assertTrue(redOut.notation().endsWith(" y ffa 3m out=r own=c9r"), redOut.notation());
        assertEquals(4, redOut.seats().get(0).pieceCount(), "its own three and Red's shield");

        // Yellow takes Green's Commander: every piece Green controlled, Red's shield included, is Yellow's
        PloyPosition greenOut = redOut.play("a3xa1");
        assertEquals(new PloyPiece("c9", 1, 2, PieceKind.SHIELD, 0x10), at(greenOut, "c9"));
        assertEquals(new PloyPiece("a9", 0, 2, PieceKind.LANCE, 0x83), at(greenOut, "a9"));
        assertEquals(new PloyPiece("c1", 0, 2, PieceKind.SHIELD, 0x01), at(greenOut, "c1"));
        assertEquals(3, greenOut.toMove(), "Blue next; Red and Green are skipped");
        assertEquals(List.of(1, 0), greenOut.eliminationOrder());

        // Blue turns; Yellow takes Blue's only other piece: Blue is out, its bare Commander leaves the board
        PloyPosition end = greenOut.play("i1r1").play("g2xg1");
        assertFalse(end.pieces().stream().anyMatch(x -> x.owner() == 3 && x.kind() == PieceKind.COMMANDER));
        Outcome o = end.outcome().orElseThrow();
        assertEquals(List.of(2), o.winners());
        assertEquals(EndReason.LAST_STANDING, o.reason());
        assertEquals(List.of(1, 0, 3), o.eliminationOrder());
        assertEquals("Yellow wins: the last player standing.", o.description());
    }

    @Test
    void freeForAllPositionsKeepOwnersAndEliminationOrderThroughTheirText() {
        PloyPosition p = FFA.parse(FFA_POSITION).play("a7xa9").play("a3xa1");
        PloyPosition again = FFA.parse(p.notation());
        assertEquals(p.notation(), again.notation());
        assertEquals(p.pieces(), again.pieces());
        assertEquals(p.eliminationOrder(), again.eliminationOrder());
        assertEquals(3, again.toMove());
    }

    @Test
    void publicLayerAndPerftAgreeThroughEliminations() {
        PloyPosition p = FFA.parse(FFA_POSITION);
        long fast = FFA.perft(p, 3, () -> false);
        assertEquals(fast, slow(p, 3));
    }

    private static long slow(PloyPosition p, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        for (PloyMove m : p.legalMovesIgnoringDraws()) {
            n += slow(p.play(m), depth - 1);
        }
        return n;
    }

    // ---------------------------------------------------------------- teams, seed partnership

    /** Red to move; Red's lance on a3 can take Green's Commander on a1. */
    static final String TEAM_POSITION = Boards.ppn("r team 3m",
        "a1=g55", "c1=g01", "c2=g01",
        "a9=r55", "a3=r38", "c9=r10",
        "i1=y55", "g1=y01",
        "i9=b55", "g9=b10");

    @Test
    void seedPartnerTakesOverPiecesAndTurns() {
        PloyPosition p = TEAM.parse(TEAM_POSITION).play("a3xa1");
        assertTrue(p.seats().get(0).out());
        assertEquals(new PloyPiece("c1", 0, 2, PieceKind.SHIELD, 0x01), at(p, "c1"));
        assertEquals(2, p.toMove());
        assertEquals(2, p.mover());
        // Yellow moves Green's former shield on its own turn
        PloyPosition afterYellow = p.play("c2-c3");
        assertEquals(3, afterYellow.toMove());
        PloyPosition greensTurn = afterYellow.play("i9r1");
        assertEquals(0, greensTurn.toMove(), "Green's turn comes round");
        assertEquals(2, greensTurn.mover(), "and Yellow plays it: a double turn");
        Seat green = greensTurn.seats().get(0);
        assertEquals(2, green.playedBy());
        assertTrue(greensTurn.legalMoves().stream().anyMatch(m -> m.from().equals("g1")), "any team piece may move");
        assertTrue(greensTurn.legalMoves().stream().allMatch(m -> m.mover() == 2));
        PloyPosition after = greensTurn.play("g1-g2");
        assertEquals(1, after.toMove());
    }

    @Test
    void partnersBlockAndAreNeverCaptured() {
        // Green's lance on a7 points north over Yellow's shield on a8: blocked, and Yellow cannot be taken
        PloyPosition p = TEAM.parse(Boards.ppn("g team 3m",
            "a1=g55", "a7=g83", "a8=y01", "i1=y55", "a9=r55", "c9=r10", "i9=b55", "g9=b10"));
        assertTrue(p.legalMoves().stream().noneMatch(m -> m.from().equals("a7") && !m.isRotationInPlace()
            && m.to().charAt(0) == 'a'), p.legalMoves().toString());
        assertTrue(p.legalMoves().stream().anyMatch(m -> m.notation().equals("a7-b8")));
        com.plyyard.engine.IllegalMoveException e = org.junit.jupiter.api.Assertions.assertThrows(
            com.plyyard.engine.IllegalMoveException.class, () -> p.parseMove("a7xa8"));
        assertTrue(e.getMessage().contains("partner"), e.getMessage());
    }

    @Test
    void teamLosesWhenBothPartnersAreOut() {
        PloyPosition p = TEAM.parse(TEAM_POSITION).play("a3xa1"); // Green out: the team plays on
        // Green is out and Yellow holds Green's old shield; Blue's shield walks down to Yellow's Commander
        PloyPosition q = TEAM.parse(Boards.ppn("b team 3m out=g own=c1g",
            "c1=y01", "i9=b55", "i3=b10", "a9=r55", "c9=r10", "i1=y55", "g1=y01"));
        assertEquals(List.of(0), q.eliminationOrder());
        // Blue, Green's turn (played by Yellow), Red, Yellow, Blue takes the Commander
        PloyPosition end = q.play("i3-i2").play("g1-g2").play("a9r1").play("c1-c2").play("i2xi1");
        Outcome o = end.outcome().orElseThrow();
        assertEquals(List.of(1, 3), o.winners());
        assertEquals("Red and Blue win: Green and Yellow are out.", o.description());
        assertEquals(List.of(0, 2), o.eliminationOrder());
        assertFalse(p.isOver());
    }

    // ---------------------------------------------------------------- teams, 3m partnership

    @Test
    void threeMPartnershipKeepsPiecesAndHandsEmptySeatsToThePartner() {
        PloyPosition p = TEAM_3M.parse(TEAM_POSITION).play("a3xa1");
        assertTrue(p.seats().get(0).out());
        assertEquals(new PloyPiece("c1", 0, 0, PieceKind.SHIELD, 0x01), at(p, "c1"), "pieces never change hands");
        PloyPosition greensTurn = p.play("g1-g2").play("i9r1");
        assertEquals(0, greensTurn.toMove());
        assertEquals(0, greensTurn.mover(), "Green still moves its own pieces without a Commander");
        assertTrue(greensTurn.legalMoves().stream().allMatch(m -> m.from().equals("c1") || m.from().equals("c2")));
        // Red's lance (now on a1) takes both of Green's shields in time; then Yellow plays Green's turn
        PloyPosition q = TEAM_3M.parse(Boards.ppn("r team 3m out=g",
            "a9=r55", "b1=r83", "b2=g01", "c9=r10", "i1=y55", "g1=y01", "i9=b55", "g9=b10"));
        PloyPosition emptySeat = q.play("b1xb2").play("g1-g2").play("i9r1");
        assertEquals(0, emptySeat.toMove());
        assertEquals(0, emptySeat.seats().get(0).pieceCount());
        assertEquals(2, emptySeat.mover(), "a seat with no pieces is played by the partner");
        assertEquals(2, emptySeat.seats().get(0).playedBy());
    }
}
