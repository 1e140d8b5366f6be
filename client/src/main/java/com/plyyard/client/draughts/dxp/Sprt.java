package com.plyyard.client.draughts.dxp;

/**
 * The sequential probability ratio test of {@code sprt} (docs/dxp.md): after each game, the log-likelihood ratio of
 * "A is {@code elo1} stronger than B" against "A is {@code elo0} stronger", in the logistic Elo model, by the normal
 * approximation of the generalized SPRT that engine-testing frameworks use. Pure arithmetic, so it can be checked by
 * hand.
 */
public final class Sprt {
    /** Results from A's view. */
    public record Counts(int wins, int draws, int losses) {
        public int games() {
            return wins + draws + losses;
        }

        /** These counts and one more game with {@code result} ({@code win}, {@code draw} or {@code loss}). */
        public Counts plus(String result) {
            return switch (result) {
                case "win" -> new Counts(wins + 1, draws, losses);
                case "draw" -> new Counts(wins, draws + 1, losses);
                case "loss" -> new Counts(wins, draws, losses + 1);
                default -> throw new IllegalArgumentException("Not a result: " + result);
            };
        }
    }

    /** H1: A is better by the tested margin; H0: it is not; NONE: the games ran out first. */
    public enum Decision {
        H1, H0, NONE;

        /** As the {@code sprt} line prints it: {@code H1}, {@code H0} or {@code none}. */
        public String label() {
            return this == NONE ? "none" : name();
        }
    }

    private final double elo0;
    private final double elo1;
    private final double alpha;
    private final double beta;

    /**
     * @param elo0  the Elo difference of H0 (e.g. 0: A is no better)
     * @param elo1  the Elo difference of H1, above {@code elo0}
     * @param alpha the chance of accepting H1 when H0 holds
     * @param beta  the chance of accepting H0 when H1 holds
     */
    public Sprt(double elo0, double elo1, double alpha, double beta) {
        this.elo0 = elo0;
        this.elo1 = elo1;
        this.alpha = alpha;
        this.beta = beta;
    }

    /** A's expected score per game when it is {@code elo} stronger: 1 / (1 + 10^(−elo/400)). */
    public static double expectedScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    /** ln(β / (1 − α)): at or below it, H0 is accepted. */
    public double lower() {
        return Math.log(beta / (1 - alpha));
    }

    /** ln((1 − β) / α): at or above it, H1 is accepted. */
    public double upper() {
        return Math.log((1 - beta) / alpha);
    }

    /**
     * N·(s1 − s0)·(2x̄ − s0 − s1) / (2σ²), with x̄ the mean score per game and σ² its per-game variance; 0 while σ² is
     * 0 (no games, or all alike), when the games say nothing about their spread yet.
     */
    public double llr(Counts counts) {
        int n = counts.games();
        if (n == 0) {
            return 0;
        }
        double mean = (counts.wins() + counts.draws() / 2.0) / n;
        double variance = (counts.wins() + counts.draws() / 4.0) / n - mean * mean;
        if (variance <= 1e-12) {
            return 0;
        }
        double s0 = expectedScore(elo0);
        double s1 = expectedScore(elo1);
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
    }

    /** H1 at or over the upper bound, H0 at or under the lower one, else null: go on. */
    public Decision decide(double llr) {
        if (llr >= upper()) {
            return Decision.H1;
        }
        if (llr <= lower()) {
            return Decision.H0;
        }
        return null;
    }
}
