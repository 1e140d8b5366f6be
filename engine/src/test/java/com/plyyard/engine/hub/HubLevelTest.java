package com.plyyard.engine.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.search.Limits;
import org.junit.jupiter.api.Test;

/** level lines as search limits, and the clock's budget per move. */
class HubLevelTest {
    private static Limits level(String args) {
        return HubLevel.limits(HubLine.parse("level " + args));
    }

    @Test
    void eachFormOfTheProtocol() {
        assertEquals(Limits.depth(12), level("depth=12"));
        assertEquals(Limits.nodes(100000), level("nodes=100000"));
        assertEquals(Limits.millis(1500), level("move-time=1.5"));
        assertEquals(Limits.depth(Limits.MAX_DEPTH), level("infinite"));
        assertEquals(new Limits(8, 0, 250), level("depth=8 move-time=0.25"), "combined: the first reached stops");
        assertEquals(Limits.depth(Limits.MAX_DEPTH), level("depth=500"), "capped at the engine's deepest");
    }

    @Test
    void theClockGivesAShareOfItsTime() {
        assertEquals(Limits.millis(2000), level("time=60"), "sudden death: a 30th");
        assertEquals(Limits.millis(32398), level("moves=9 time=291.587"), "moves in time: an equal share");
        assertEquals(Limits.millis(2750), level("time=60 inc=1"), "Fischer: and three quarters of the increment");
        assertEquals(Limits.millis(2000), level("time=60 move-time=5"), "the clock wins over move-time");
    }

    @Test
    void theBudgetKeepsAReserve() {
        assertEquals(9000, HubLevel.clockBudgetMillis(1, 10_000, 0), "the last move before the control: a tenth kept");
        assertEquals(150, HubLevel.clockBudgetMillis(1, 200, 0), "at least 50 ms kept");
        assertEquals(10, HubLevel.clockBudgetMillis(1, 30, 0), "at least 10 ms spent");
        assertEquals(10, HubLevel.clockBudgetMillis(0, 0, 0));
    }

    @Test
    void refusesNonsense() {
        for (String bad : new String[] {"", "depth=0", "depth=x", "nodes=-5", "move-time=-1", "move-time=soon",
            "time=NaN", "moves=10", "inc=2", "moves=-1 time=5"}) {
            assertThrows(InvalidInputException.class, () -> level(bad), bad);
        }
    }
}
