package com.plyyard.client.draughts.train;

import com.plyyard.engine.draughts.DraughtsFeatures;
import com.plyyard.engine.draughts.PatternEvaluation;
import java.io.PrintWriter;
import java.util.SplittableRandom;

/**
 * Logistic regression of game results on the pattern evaluation's features: the evaluation E (hundredths of a man,
 * White's view) predicts White's expected score σ(E / {@value #SCALE}); the weights minimise the cross-entropy with
 * the results (won 1, drawn ½, lost 0) plus a small L2 penalty, by stochastic gradient descent with AdaGrad steps (a
 * step per weight that shrinks with the gradients it has seen — most window configurations are rare, and they keep
 * larger steps than the common ones).
 *
 * <p>A share of the positions is held out, by game order rather than at random, and its loss is printed after every
 * epoch beside the training loss: a fit that only memorises shows as a held-out loss that stops falling.
 */
final class EvaluationFit {
    /** Hundredths of a man per unit of log-odds: +100 (a man up, all else equal) predicts about 66 %. */
    static final double SCALE = 150;

    private final double[] opening = new double[DraughtsFeatures.WEIGHTS];
    private final double[] endgame = new double[DraughtsFeatures.WEIGHTS];
    private final double[] sumOpening = new double[DraughtsFeatures.WEIGHTS];
    private final double[] sumEndgame = new double[DraughtsFeatures.WEIGHTS];
    private final double rate;
    private final double l2;

    EvaluationFit(double rate, double l2) {
        this.rate = rate;
        this.l2 = l2;
        // a start the search can already play with: a man is a man, a king three
        opening[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN] = 100;
        endgame[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN] = 100;
        opening[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.KINGS] = 300;
        endgame[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.KINGS] = 300;
    }

    /** Starts from fitted weights (an earlier generation's) instead of material alone. */
    void startFrom(PatternEvaluation weights) {
        for (int k = 0; k < DraughtsFeatures.WEIGHTS; k++) {
            opening[k] = weights.weight(true, k);
            endgame[k] = weights.weight(false, k);
        }
    }

    /**
     * Runs {@code epochs} passes over the first {@code train} positions, prints both losses after each, and keeps the
     * weights of the epoch with the lowest held-out loss (the last epoch's when nothing is held out).
     *
     * @return the epoch kept (0: the start was never bettered)
     */
    int fit(TrainingPositions data, int train, int epochs, long seed, PrintWriter log) {
        int[] order = new int[train];
        for (int i = 0; i < train; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        Features f = new Features();
        double best = loss(data, train, data.size);
        int bestEpoch = 0;
        double[] keptOpening = opening.clone();
        double[] keptEndgame = endgame.clone();
        log.printf("epoch=0 train_loss=%.5f heldout_loss=%.5f%n", loss(data, 0, train), best);
        log.flush();
        for (int epoch = 1; epoch <= epochs; epoch++) {
            for (int i = train - 1; i > 0; i--) { // a fresh order each epoch
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int i : order) {
                if (!DraughtsFeatures.loneKingHolds(data.white[i], data.black[i], data.kings[i])) {
                    step(data, i, f);
                }
            }
            double heldout = loss(data, train, data.size);
            log.printf("epoch=%d train_loss=%.5f heldout_loss=%.5f%n", epoch, loss(data, 0, train), heldout);
            log.flush();
            if (Double.isNaN(heldout) || heldout < best) {
                best = heldout;
                bestEpoch = epoch;
                System.arraycopy(opening, 0, keptOpening, 0, opening.length);
                System.arraycopy(endgame, 0, keptEndgame, 0, endgame.length);
            }
        }
        System.arraycopy(keptOpening, 0, opening, 0, opening.length);
        System.arraycopy(keptEndgame, 0, endgame, 0, endgame.length);
        return bestEpoch;
    }

    /** The features of one position, reused between positions. */
    private static final class Features {
        final int[] plus = new int[DraughtsFeatures.WINDOWS];
        final int[] minus = new int[DraughtsFeatures.WINDOWS];
        final int[] scalars = new int[DraughtsFeatures.SCALARS];
        double phase;

        void of(TrainingPositions data, int i) {
            DraughtsFeatures.windows(data.white[i], data.black[i], data.kings[i], plus, minus);
            DraughtsFeatures.scalars(data.white[i], data.black[i], data.kings[i], data.whiteToMove[i], scalars);
            phase = DraughtsFeatures.phase(data.white[i], data.black[i], data.kings[i]);
        }
    }

    private double evaluate(Features f) {
        double open = 0;
        double end = 0;
        for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
            open += opening[f.plus[w]] - opening[f.minus[w]];
            end += endgame[f.plus[w]] - endgame[f.minus[w]];
        }
        for (int s = 0; s < DraughtsFeatures.SCALARS; s++) {
            open += opening[DraughtsFeatures.FIRST_SCALAR + s] * f.scalars[s];
            end += endgame[DraughtsFeatures.FIRST_SCALAR + s] * f.scalars[s];
        }
        return f.phase * open + (1 - f.phase) * end;
    }

    private void step(TrainingPositions data, int i, Features f) {
        f.of(data, i);
        double predicted = sigmoid(evaluate(f) / SCALE);
        double g = (predicted - data.result[i] / 2.0) / SCALE; // d loss / d E
        for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
            if (f.plus[w] != f.minus[w]) { // the same configuration both ways cancels out
                update(f.plus[w], g, f.phase);
                update(f.minus[w], -g, f.phase);
            }
        }
        for (int s = 0; s < DraughtsFeatures.SCALARS; s++) {
            if (f.scalars[s] != 0) {
                update(DraughtsFeatures.FIRST_SCALAR + s, g * f.scalars[s], f.phase);
            }
        }
    }

    private void update(int k, double g, double phase) {
        double go = g * phase + l2 * opening[k];
        double ge = g * (1 - phase) + l2 * endgame[k];
        sumOpening[k] += go * go;
        sumEndgame[k] += ge * ge;
        opening[k] -= rate * go / Math.sqrt(sumOpening[k] + 1e-12);
        endgame[k] -= rate * ge / Math.sqrt(sumEndgame[k] + 1e-12);
    }

    /** Mean cross-entropy over positions [from, to). */
    double loss(TrainingPositions data, int from, int to) {
        Features f = new Features();
        double sum = 0;
        int n = 0;
        for (int i = from; i < to; i++) {
            if (DraughtsFeatures.loneKingHolds(data.white[i], data.black[i], data.kings[i])) {
                continue;
            }
            f.of(data, i);
            double p = Math.min(1 - 1e-9, Math.max(1e-9, sigmoid(evaluate(f) / SCALE)));
            double y = data.result[i] / 2.0;
            sum -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
            n++;
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    double weight(boolean openingPhase, int k) {
        return openingPhase ? opening[k] : endgame[k];
    }

    /** The fitted weights as the engine plays them: in {@link PatternEvaluation#FRACTION}ths of a hundredth of a man. */
    PatternEvaluation evaluation() {
        short[] o = new short[DraughtsFeatures.WEIGHTS];
        short[] e = new short[DraughtsFeatures.WEIGHTS];
        for (int k = 0; k < DraughtsFeatures.WEIGHTS; k++) {
            o[k] = clamp(opening[k] * PatternEvaluation.FRACTION);
            e[k] = clamp(endgame[k] * PatternEvaluation.FRACTION);
        }
        return new PatternEvaluation(o, e);
    }

    private static short clamp(double w) {
        return (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.round(w)));
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
