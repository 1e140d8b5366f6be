package com.plyyard.client.draughts.train;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.draughts.DraughtsFeatures;
import com.plyyard.engine.draughts.Squares;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvaluationFitTest {
    /**
     * Positions whose results follow a known rule — the side with more men wins, equal men draw — must teach a
     * clearly positive value of a man and a lower held-out loss than the start's.
     */
    @Test
    void learnsWhatDecidesTheResults() {
        SplittableRandom random = new SplittableRandom(11);
        TrainingPositions data = new TrainingPositions();
        for (int i = 0; i < 20_000; i++) {
            long white = 0;
            long black = 0;
            for (int s = 1; s <= 50; s++) {
                int r = random.nextInt(10);
                if (r < 2) {
                    white |= Squares.mask(s);
                } else if (r < 4) {
                    black |= Squares.mask(s);
                }
            }
            int diff = Long.bitCount(white) - Long.bitCount(black);
            data.add(white, black, 0, random.nextBoolean(), diff > 0 ? 2 : diff < 0 ? 0 : 1);
        }
        EvaluationFit fit = new EvaluationFit(2.0, 1e-7);
        int train = 19_000;
        // the start values a man at 100: already right in sign, so compare against a start with no material weight
        double before = new EvaluationFit(2.0, 1e-7).loss(data, train, data.size);
        StringWriter log = new StringWriter();
        fit.fit(data, train, 3, 1, new PrintWriter(log));
        double after = fit.loss(data, train, data.size);
        assertTrue(after < before, "held-out loss " + before + " -> " + after + "\n" + log);
        int men = DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN;
        assertTrue(fit.weight(true, men) > 150, "a man decides these games: " + fit.weight(true, men));
    }
}
