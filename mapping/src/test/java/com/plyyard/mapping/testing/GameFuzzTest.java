package com.plyyard.mapping.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.mapping.testing.GameSamples.Sample;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The game inputs of the properties: valid samples from every variant, and generators that never fail themselves. */
class GameFuzzTest {
    private static final GameSamples SAMPLES = GameSamples.collect(new LocalOracle(), 1, 30);

    @Test
    void everyVariantHasValidSamplesWithLegalMoves() {
        for (String id : SAMPLES.variantIds()) {
            assertTrue(SAMPLES.all().stream().anyMatch(s -> s.variant().getId().equals(id) && !s.legal().isEmpty()), id);
        }
        assertTrue(SAMPLES.all().stream().anyMatch(Sample::over), "some finished games (resignations)");
        assertEquals(3, SAMPLES.games().size());
    }

    @Test
    void theGeneratorsNeverFail() {
        GameFuzz fuzz = new GameFuzz(SAMPLES);
        Random r = new Random(7);
        Gen<Sample> any = SAMPLES.any();
        for (int i = 0; i < 1000; i++) {
            fuzz.state().next(r);
            fuzz.variantId().next(r);
            fuzz.options().next(r);
            fuzz.moveFor(any.next(r)).next(r);
            fuzz.draughtsBoard().next(r);
            fuzz.ployBoard().next(r);
            fuzz.piracyBoard().next(r);
        }
    }
}
