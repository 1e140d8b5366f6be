package com.plyyard.engine.ploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import org.junit.jupiter.api.Test;

/**
 * How a free-for-all seat stands when it is not to move: the paranoid search with that seat as its player
 * ({@link PloySearchBoard#PloySearchBoard(PloyPosition, int)}), scored from its view ({@link Engine#evaluate}).
 */
class PloyEvaluateTest {
    private static final PloyRules FFA = PloyRules.of(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M);

    /** Green to move; Yellow has six pieces of its army besides its Commander, the others one Shield each. */
    private static final String YELLOW_AHEAD = Boards.ppn("g ffa 3m",
        "a1=g55", "b1=g02",
        "a9=r55", "b9=r08",
        "i9=y55", "h9=yA8", "g9=y18", "h8=y50", "g8=y70", "i8=yC0", "i7=y20",
        "i1=b55", "h1=b80");

    private static int evaluate(PloyPosition p, int seat) {
        return new Engine(4).evaluate(p, seat, Engine.Request.of(Limits.depth(2)), null).score();
    }

    @Test
    void theSeatWithTheLargestArmyStandsBestWhoeverMoves() {
        PloyPosition p = FFA.parse(YELLOW_AHEAD);
        assertEquals(0, p.toMove());
        int green = evaluate(p, 0);
        int red = evaluate(p, 1);
        int yellow = evaluate(p, 2);
        int blue = evaluate(p, 3);
        assertTrue(yellow > green + 500 && yellow > red + 500 && yellow > blue + 500,
            "Yellow, not to move, leads by more than a Lance: " + green + " " + red + " " + yellow + " " + blue);
        assertEquals(new Engine(4).bestMove(p, Engine.Request.of(Limits.depth(2)), null, null).score(), green,
            "the mover's standing is BestMove's score");
    }

    @Test
    void aSeatNotToMoveIsThePlayerOfItsOwnBoard() {
        PloyPosition p = FFA.parse(YELLOW_AHEAD);
        PloySearchBoard yellow = new PloySearchBoard(p, 2);
        assertEquals(1, yellow.side(), "Green moves, for the coalition against Yellow");
        assertEquals(0, new PloySearchBoard(p, 0).side());
        assertThrows(IllegalArgumentException.class, () -> new PloySearchBoard(p, 4));
        assertThrows(IllegalArgumentException.class, () -> new PloySearchBoard(p.withoutSeat(1), 1));
    }
}
