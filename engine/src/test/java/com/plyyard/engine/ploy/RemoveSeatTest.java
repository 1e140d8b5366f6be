package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.IllegalMoveException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A free-for-all player who resigns or runs out of time leaves without a takeover. */
class RemoveSeatTest {
    static final PloyRules FFA = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);

    @Test
    void piecesLeaveAndTurnsAreSkipped() {
        PloyPosition p = FFA.start().withoutSeat(0); // Green, to move, runs out of time
        assertTrue(p.seats().get(0).out());
        assertEquals(0, p.seats().get(0).pieceCount());
        assertTrue(p.pieces().stream().noneMatch(x -> x.owner() == 0), "nobody takes Green's pieces");
        assertEquals(1, p.toMove(), "Red moves next");
        assertTrue(p.notation().endsWith(" r ffa 3m out=g"), p.notation());
        PloyPosition again = FFA.parse(p.notation());
        assertEquals(p.notation(), again.notation());
    }

    @Test
    void theLastPlayerLeftWins() {
        PloyPosition p = FFA.start().withoutSeat(2).withoutSeat(0).withoutSeat(3);
        assertEquals(List.of(1), p.outcome().orElseThrow().winners());
        assertEquals(EndReason.LAST_STANDING, p.outcome().orElseThrow().reason());
        assertEquals(List.of(2, 0, 3), p.outcome().orElseThrow().eliminationOrder());
    }

    @Test
    void onlyInAFreeForAll() {
        assertThrows(IllegalMoveException.class, () -> PloyRules.of(PloyMode.TEAMS, PloyRuleSet.THREE_M).start().withoutSeat(1));
        assertThrows(IllegalMoveException.class, () -> FFA.start().withoutSeat(1).withoutSeat(1));
    }
}
