package com.plyyard.client.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The arithmetic of {@link Sprt}, against values worked out by hand. */
class SprtTest {
    private static final Sprt ZERO_FIVE = new Sprt(0, 5, 0.05, 0.05);

    @Test
    void boundsAreLnNineteenForFivePercentErrors() {
        assertEquals(-Math.log(19), ZERO_FIVE.lower(), 1e-12);
        assertEquals(Math.log(19), ZERO_FIVE.upper(), 1e-12);
        assertEquals(2.944, ZERO_FIVE.upper(), 1e-3);
        // unequal errors: ln(0.1 / 0.95) and ln(0.9 / 0.05)
        Sprt uneven = new Sprt(0, 5, 0.05, 0.1);
        assertEquals(-2.2513, uneven.lower(), 1e-4);
        assertEquals(2.8904, uneven.upper(), 1e-4);
    }

    @Test
    void expectedScoreIsLogistic() {
        assertEquals(0.5, Sprt.expectedScore(0), 1e-12);
        assertEquals(10 / 11.0, Sprt.expectedScore(400), 1e-12); // 400 Elo better: odds of 10 to 1
        assertEquals(1 / 11.0, Sprt.expectedScore(-400), 1e-12);
    }

    @Test
    void llrIsZeroHalfwayBetweenTheHypothesesAndFollowsTheScore() {
        // elo0 = -20, elo1 = +20: s0 + s1 = 1 exactly, so halfway between them is a score of 50 %
        Sprt symmetric = new Sprt(-20, 20, 0.05, 0.05);
        assertEquals(0, symmetric.llr(new Sprt.Counts(30, 40, 30)), 1e-12);
        assertTrue(symmetric.llr(new Sprt.Counts(31, 40, 29)) > 0, "a score above halfway favours H1");
        assertTrue(symmetric.llr(new Sprt.Counts(29, 40, 31)) < 0, "a score below halfway favours H0");
        // elo0 = 0, elo1 = 5: halfway is (0.5 + s1) / 2 ≈ 0.503598; 51 % is above, 50 % below
        assertTrue(ZERO_FIVE.llr(new Sprt.Counts(35, 32, 33)) > 0);
        assertTrue(ZERO_FIVE.llr(new Sprt.Counts(30, 40, 30)) < 0);
    }

    /**
     * W = 60, D = 100, L = 40, elo0 = 0, elo1 = 5: N = 200, x̄ = (60 + 50) / 200 = 0.55, σ² = (60 + 25) / 200 − 0.55²
     * = 0.425 − 0.3025 = 0.1225; s0 = 0.5, s1 = 1 / (1 + 10^(−5/400)) = 1 / (1 + 0.971628) = 0.507195; LLR = 200 ·
     * 0.007195 · (1.1 − 1.007195) / 0.245 = 200 · 0.007195 · 0.092805 / 0.245 = 0.5451.
     */
    @Test
    void aWorkedExample() {
        assertEquals(0.507195, Sprt.expectedScore(5), 1e-6);
        assertEquals(0.5451, ZERO_FIVE.llr(new Sprt.Counts(60, 100, 40)), 1e-3);
        // the same with wins and losses swapped: x̄ = 0.45, same σ², 2x̄ − s0 − s1 = −0.107195
        assertEquals(200 * 0.0071951 * -0.1071951 / 0.245, ZERO_FIVE.llr(new Sprt.Counts(40, 100, 60)), 1e-3);
    }

    @Test
    void noSpreadMeansNoEvidenceYet() {
        assertEquals(0, ZERO_FIVE.llr(new Sprt.Counts(0, 0, 0)));
        assertEquals(0, ZERO_FIVE.llr(new Sprt.Counts(0, 500, 0)), "all draws");
        assertEquals(0, ZERO_FIVE.llr(new Sprt.Counts(7, 0, 0)), "all wins");
    }

    @Test
    void decidesAtAndBeyondTheBounds() {
        double upper = ZERO_FIVE.upper();
        double lower = ZERO_FIVE.lower();
        assertEquals(Sprt.Decision.H1, ZERO_FIVE.decide(upper));
        assertEquals(Sprt.Decision.H1, ZERO_FIVE.decide(upper + 1));
        assertEquals(Sprt.Decision.H0, ZERO_FIVE.decide(lower));
        assertEquals(Sprt.Decision.H0, ZERO_FIVE.decide(lower - 1));
        assertNull(ZERO_FIVE.decide(upper - 1e-9));
        assertNull(ZERO_FIVE.decide(lower + 1e-9));
        assertNull(ZERO_FIVE.decide(0));
        assertEquals("none", Sprt.Decision.NONE.label());
        assertEquals("H1", Sprt.Decision.H1.label());
    }

    @Test
    void countsAddGames() {
        Sprt.Counts c = new Sprt.Counts(0, 0, 0).plus("win").plus("draw").plus("draw").plus("loss");
        assertEquals(new Sprt.Counts(1, 2, 1), c);
        assertEquals(4, c.games());
    }
}
