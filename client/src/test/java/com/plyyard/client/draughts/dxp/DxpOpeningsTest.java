package com.plyyard.client.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.draughts.dxp.DxpOpenings.Opening;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.DraughtsRules;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class DxpOpeningsTest {
    @Test
    void theTwoMoveBallotsAreEveryFirstMoveWithEveryReply() {
        List<Opening> ballots = DxpOpenings.ballots();
        assertEquals(81, ballots.size(), "9 first moves × 9 replies from the fmjd start");
        assertEquals(81, new HashSet<>(ballots.stream().map(Opening::label).toList()).size());
        assertEquals(List.of("31-26", "16-21"), ballots.get(0).moves(), "in the move generator's order");
        assertEquals(List.of("35-30", "20-25"), ballots.get(80).moves());
        for (Opening o : ballots) {
            assertEquals(DraughtsRules.fmjd().start().play(o.moves().get(0)).play(o.moves().get(1)).state(), o.position().state());
            assertTrue(o.position().state().whiteToMove());
        }
        assertEquals(ballots, DxpOpenings.ballots(), "the same order every time");
    }

    @Test
    void anOpeningsFileHoldsMovesPerLine() {
        List<Opening> read = DxpOpenings.read(List.of("# my openings", "", "1. 33-28 18-23", "32-28, 19-23 2. 28x19 14x23"));
        assertEquals(2, read.size());
        assertEquals("33-28,18-23", read.get(0).label());
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), read.get(1).moves());
        InvalidInputException illegal = assertThrows(InvalidInputException.class, () -> DxpOpenings.read(List.of("32-28", "32-27 27-22")));
        assertTrue(illegal.getMessage().startsWith("Openings line 2: "), illegal.getMessage());
        assertThrows(InvalidInputException.class, () -> DxpOpenings.read(List.of("# nothing")));
    }
}
