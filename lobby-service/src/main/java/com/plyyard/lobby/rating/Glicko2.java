package com.plyyard.lobby.rating;

import java.util.List;

/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012): one rating period's update of one player from the
 * games of that period. Pure arithmetic, no state; the system constant τ and the convergence tolerance ε are fixed
 * here (0.5 and 10⁻⁶, docs/ratings.md).
 */
public final class Glicko2 {
    /** The ratio between the Glicko scale and the Glicko-2 scale. */
    static final double SCALE = 173.7178;
    public static final double TAU = 0.5;
    static final double EPSILON = 1e-6;

    public static final double START_RATING = 1500;
    public static final double START_RD = 350;
    public static final double START_VOLATILITY = 0.06;
    /** Provisional while the deviation is above this. */
    public static final double PROVISIONAL_RD = 110;

    private Glicko2() {
    }

    /** A rating on the Glicko scale: rating, deviation (RD), volatility. */
    public record Rating(double rating, double rd, double volatility) {
        public static Rating start() {
            return new Rating(START_RATING, START_RD, START_VOLATILITY);
        }

        public boolean provisional() {
            return rd > PROVISIONAL_RD;
        }
    }

    /** One game of the period: the opponent's pre-period rating and deviation, and my score (1, ½ or 0). */
    public record Game(double opponentRating, double opponentRd, double score) {
    }

    /** The player's rating after a period with these games; without games only the deviation grows. */
    public static Rating update(Rating player, List<Game> games) {
        double mu = (player.rating() - START_RATING) / SCALE;
        double phi = player.rd() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            return new Rating(player.rating(), Math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma);
        }
        // step 3 and 4: the estimated variance v and the estimated improvement Δ
        double inverseV = 0;
        double sum = 0;
        for (Game game : games) {
            double muJ = (game.opponentRating() - START_RATING) / SCALE;
            double phiJ = game.opponentRd() / SCALE;
            double g = g(phiJ);
            double e = expected(mu, muJ, g);
            inverseV += g * g * e * (1 - e);
            sum += g * (game.score() - e);
        }
        double v = 1 / inverseV;
        double delta = v * sum;
        // step 5: the new volatility, by the Illinois variant of regula falsi
        double newSigma = volatility(phi, sigma, v, delta);
        // step 6 and 7: the new deviation and rating
        double phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
        double newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double newMu = mu + newPhi * newPhi * sum;
        // step 8: back to the Glicko scale
        return new Rating(SCALE * newMu + START_RATING, SCALE * newPhi, newSigma);
    }

    static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    static double expected(double mu, double muJ, double g) {
        return 1 / (1 + Math.exp(-g * (mu - muJ)));
    }

    private static double volatility(double phi, double sigma, double v, double delta) {
        double a = Math.log(sigma * sigma);
        double phi2 = phi * phi;
        double delta2 = delta * delta;
        java.util.function.DoubleUnaryOperator f = x -> {
            double ex = Math.exp(x);
            double d = phi2 + v + ex;
            return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / (TAU * TAU);
        };
        double lo = a;
        double hi;
        if (delta2 > phi2 + v) {
            hi = Math.log(delta2 - phi2 - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * TAU) < 0) {
                k++;
            }
            hi = a - k * TAU;
        }
        double fLo = f.applyAsDouble(lo);
        double fHi = f.applyAsDouble(hi);
        for (int i = 0; i < 1000 && Math.abs(hi - lo) > EPSILON; i++) {
            double c = lo + (lo - hi) * fLo / (fHi - fLo);
            double fC = f.applyAsDouble(c);
            if (fC * fHi <= 0) {
                lo = hi;
                fLo = fHi;
            } else {
                fLo = fLo / 2;
            }
            hi = c;
            fHi = fC;
        }
        return Math.exp(lo / 2);
    }
}
