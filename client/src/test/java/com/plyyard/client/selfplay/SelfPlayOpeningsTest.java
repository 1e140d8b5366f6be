package com.plyyard.client.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness's random openings: reproducible, calm, and balanced when asked. */
class SelfPlayOpeningsTest {
    private static int judged(Position p) {
        Engine e = new Engine(8);
        return Math.abs(e.bestMove(p, Engine.Request.of(Limits.nodes(100_000)), null, null).score());
    }

    @Test
    void balancedOpeningsScoreWithinTheBoundWhereUnfilteredOnesNeedNot() {
        VariantRules piracy = Variants.get("piracy:classic");
        SelfPlay any = new SelfPlay(piracy, Level.CASUAL, Level.BEGINNER, List.of(), 4, 600, 1, 0);
        SelfPlay balanced = new SelfPlay(piracy, Level.CASUAL, Level.BEGINNER, List.of(), 4, 600, 1, 100);
        int lopsided = 0;
        for (int pair = 0; pair < 12; pair++) {
            Position o = balanced.opening(pair);
            assertEquals(o.notation(), balanced.opening(pair).notation(), "the same seed gives the same opening");
            assertTrue(judged(o) <= 100, "pair " + pair + ": " + o.notation() + " scores " + judged(o));
            assertTrue(!o.isOver() && o.seats().stream().noneMatch(com.plyyard.engine.Seat::out), o.notation());
            if (judged(any.opening(pair)) > 100) {
                lopsided++;
            }
        }
        assertTrue(lopsided > 0, "without the filter some random Piracy openings are already decided (why the filter exists)");
    }
}
