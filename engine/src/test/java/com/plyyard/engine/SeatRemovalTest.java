package com.plyyard.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.catalog.Variants;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each game's decision when a seat resigns or runs out of time, with the outcome's exact sentence. */
class SeatRemovalTest {
    private static SeatRemoval remove(String variant, int seat, EndReason reason) {
        Position start = Variants.get(variant).start();
        return start.rules().module().removeSeat(start, seat, reason);
    }

    @Test
    void twoSidedGamesEndWithTheLeavingSideLosing() {
        Outcome draughts = remove("draughts:fmjd", 1, EndReason.TIMEOUT).outcome().orElseThrow();
        assertEquals(List.of(0), draughts.winners());
        assertEquals(EndReason.TIMEOUT, draughts.reason());
        assertEquals("White wins: Black ran out of time.", draughts.description());
        assertEquals("Silver wins: Cook resigned.",
            remove("piracy:classic", 0, EndReason.RESIGNATION).outcome().orElseThrow().description());
        assertEquals("Green wins: Red resigned.",
            remove("ploy:imperium:2p", 1, EndReason.RESIGNATION).outcome().orElseThrow().description());
    }

    @Test
    void aTeamLosesWithItsPartner() {
        SeatRemoval team = remove("ploy:3m:team", 2, EndReason.RESIGNATION);
        assertEquals(List.of(1, 3), team.outcome().orElseThrow().winners());
        assertEquals("Red and Blue win: Yellow resigned.", team.outcome().orElseThrow().description());
        assertEquals(Variants.get("ploy:3m:team").start(), team.position(), "the board stays as it was");
    }

    @Test
    void aFreeForAllGoesOnWithoutTheSeat() {
        for (String variant : List.of("ploy:3m:ffa", "ploy:imperium:ffa")) {
            SeatRemoval ffa = remove(variant, 0, EndReason.TIMEOUT);
            assertTrue(ffa.outcome().isEmpty(), variant);
            assertTrue(ffa.position().seats().get(0).out());
            assertEquals(1, ffa.position().toMove());
            assertTrue(ffa.position().notation().endsWith(" out=g"), ffa.position().notation());
        }
    }

    @Test
    void onlyResignationAndTimeRemoveASeat() {
        assertThrows(InvalidInputException.class, () -> remove("draughts:plyyard", 0, EndReason.AGREEMENT));
    }
}
