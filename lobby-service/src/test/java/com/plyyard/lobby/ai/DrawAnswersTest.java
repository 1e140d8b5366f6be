package com.plyyard.lobby.ai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link DrawAnswers}: the margins by level, and the two rules (two sides; a free-for-all) at their edges. */
class DrawAnswersTest {
    @Test
    void theMarginShrinksWithTheLevel() {
        assertEquals(50, DrawAnswers.margin(1));
        assertEquals(25, DrawAnswers.margin(2));
        assertEquals(0, DrawAnswers.margin(3));
        assertEquals(0, DrawAnswers.margin(4));
        assertEquals(0, DrawAnswers.margin(5));
        assertEquals(50, DrawAnswers.margin(0), "below the levels: the beginner's");
        assertEquals(0, DrawAnswers.margin(9), "above: the max level's");
    }

    @Test
    void twoSidesAcceptUpToTheMargin() {
        assertTrue(DrawAnswers.acceptsInTwoSides(5, 0), "even: not better");
        assertTrue(DrawAnswers.acceptsInTwoSides(5, -29_990), "a forced loss");
        assertFalse(DrawAnswers.acceptsInTwoSides(5, 1));
        assertTrue(DrawAnswers.acceptsInTwoSides(2, 25));
        assertFalse(DrawAnswers.acceptsInTwoSides(2, 26));
        assertTrue(DrawAnswers.acceptsInTwoSides(1, 50));
        assertFalse(DrawAnswers.acceptsInTwoSides(1, 29_990), "a forced win is never given away");
    }

    @Test
    void aFreeForAllComparesWithTheBestOtherPlayer() {
        // paranoid scores are all below 0 at equal armies: only the differences count
        Map<Integer, Integer> scores = Map.of(0, -600, 1, -640, 2, -580, 3, -700);
        assertTrue(DrawAnswers.acceptsInFreeForAll(5, 1, scores), "behind Yellow");
        assertFalse(DrawAnswers.acceptsInFreeForAll(5, 2, scores), "the leader plays on");
        assertTrue(DrawAnswers.acceptsInFreeForAll(2, 2, Map.of(0, -600, 2, -575)), "25 ahead: within casual's margin");
        assertFalse(DrawAnswers.acceptsInFreeForAll(2, 2, Map.of(0, -600, 2, -574)));
        assertTrue(DrawAnswers.acceptsInFreeForAll(3, 0, Map.of(0, 100, 3, 100)), "level with another: not better");
        assertTrue(DrawAnswers.acceptsInFreeForAll(5, 0, Map.of(0, 29_990)), "nobody else weighed: nothing to be better than");
    }
}
