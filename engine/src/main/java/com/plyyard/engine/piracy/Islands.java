package com.plyyard.engine.piracy;

import java.util.SplittableRandom;

/**
 * The island from a 64-bit seed, reproducibly (spec, Board): z from SplitMix64 (the stream of
 * {@code new SplittableRandom(seed).nextLong()}), rejecting z ≥ 2⁶⁴ − (2⁶⁴ mod k²) (unsigned) so every
 * placement is equally likely; idx = z mod k²; with k = N − 5, x0 = 2 + idx mod k and y0 = 2 + idx div k.
 */
public final class Islands {
    private Islands() {
    }

    /** {x0, y0} of the island's lower-left square. */
    public static int[] fromSeed(long seed, int size) {
        long k = size - 5;
        long placements = k * k;
        // 2^64 mod m, computed in 64 bits: ((2^64 - 1) mod m + 1) mod m
        long remainder = (Long.remainderUnsigned(-1L, placements) + 1) % placements;
        SplittableRandom random = new SplittableRandom(seed);
        long z = random.nextLong();
        if (remainder != 0) {
            long limit = -remainder; // 2^64 - remainder as an unsigned value
            while (Long.compareUnsigned(z, limit) >= 0) {
                z = random.nextLong();
            }
        }
        long idx = Long.remainderUnsigned(z, placements);
        return new int[] {(int) (2 + idx % k), (int) (2 + idx / k)};
    }
}
