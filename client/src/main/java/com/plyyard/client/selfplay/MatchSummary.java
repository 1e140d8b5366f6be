package com.plyyard.client.selfplay;

import java.util.Locale;

/**
 * One player's results over a match and the Elo difference they imply, with a 95 % margin: the last line of
 * {@code match} (level A's view) and {@code dxp match} (our engine's view).
 */
public record MatchSummary(int games, int wins, int draws, int losses) {
    public double score() {
        return (wins + draws / 2.0) / games;
    }

    /** Elo difference of the player over the opponent; a perfect score is shrunk by half a game so it stays finite. */
    public double elo() {
        return elo(clamped());
    }

    private double clamped() {
        double half = 0.5 / games;
        return Math.min(1 - half, Math.max(half, score()));
    }

    /**
     * Half-width of the 95 % interval, by the delta method on the per-game score variance (when every
     * game ended alike, the binomial variance of the shrunk score stands in for the zero one).
     */
    public double margin() {
        double p = clamped();
        double meanSquares = (wins + draws / 4.0) / games;
        double variance = meanSquares - score() * score();
        if (variance < 1e-9) {
            variance = p * (1 - p);
        }
        double se = Math.sqrt(variance / games);
        return 1.96 * se * 400 / (Math.log(10) * p * (1 - p));
    }

    private static double elo(double p) {
        return -400 * Math.log10(1 / p - 1);
    }

    /** {@code games=<n> wins=<w> draws=<d> losses=<l> score=<%> elo=<diff>±<margin>} */
    public String line() {
        return String.format(Locale.ROOT, "games=%d wins=%d draws=%d losses=%d score=%.1f elo=%.1f±%.1f", games, wins,
            draws, losses, 100 * score(), elo(), margin());
    }
}
