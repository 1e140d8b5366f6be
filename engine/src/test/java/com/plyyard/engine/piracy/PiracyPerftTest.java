package com.plyyard.engine.piracy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The public layer (moves with notations, play) walks the same tree as the packed move generator. */
class PiracyPerftTest {

    @Test
    void publicLayerMatchesTheCore() {
        for (String position : new String[] {"8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -", "8 d4 g4E:0:+0 g5SE:6:+0 c 0 -",
            "8 d4 b4N:5:-6 c6N:6:+7 s 480 -"}) {
            PiracyPosition p = PiracyRulesTest.D4.parse(position);
            for (int depth = 1; depth <= 8; depth++) {
                assertEquals(slow(p, depth), PiracyRulesTest.D4.perft(p, depth, () -> false), position + " depth " + depth);
            }
        }
    }

    @Test
    void startPositionCountsStayBelowThreeToTheDepth() {
        PiracyPosition start = PiracyRulesTest.D4.start();
        long previous = 1;
        for (int depth = 1; depth <= 10; depth++) {
            long n = PiracyRulesTest.D4.perft(start, depth, () -> false);
            assertEquals(true, n <= previous * 3 && n > 0, "depth " + depth + ": " + n);
            previous = n;
        }
    }

    private static long slow(PiracyPosition p, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        for (PiracyMove m : p.movesIgnoringPlyLimit()) {
            n += slow(new PiracyPosition(p.rules(), p.rules().generator().play(p.state(), m.code())), depth - 1);
        }
        return n;
    }
}
