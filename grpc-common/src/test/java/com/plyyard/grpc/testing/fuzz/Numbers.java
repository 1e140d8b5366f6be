package com.plyyard.grpc.testing.fuzz;

/**
 * Numbers at the edges: 0, ±1, the limits of int and long, 2³¹ and 2³² - 1 as a uint32 (negative as a Java int), 2⁶³ as
 * a uint64, powers of two and their neighbours — mixed with ordinary values so that valid calls are made too.
 */
public final class Numbers {
    private static final int[] INT_EDGES = {0, 1, -1, 2, 3, 7, 8, 9, 10, 12, 13, 50, 63, 64, 100, 101, 255, 256, 1023, 1024,
        1025, 4000, 4001, 65535, 65536, Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE,
        Integer.MIN_VALUE + 1, 1 << 30, -2};
    private static final long[] LONG_EDGES = {0, 1, -1, 2, 1L << 31, (1L << 32) - 1, 1L << 32, 1L << 40, (1L << 53) + 1,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1000, 60_000, 60_001, 86_400_000L};

    private Numbers() {
    }

    /** An int (or a uint32's bits) at an edge. */
    public static Gen<Integer> intEdge() {
        return r -> INT_EDGES[r.nextInt(INT_EDGES.length)];
    }

    /** Any int: edges, small values and the whole range. */
    public static Gen<Integer> anyInt() {
        return Gen.frequency(
            Gen.weight(4, intEdge()),
            Gen.weight(4, Gen.ints(0, 20)),
            Gen.weight(2, r -> r.nextInt()));
    }

    /** Mostly in {@code [min, max]} (valid), sometimes anything. */
    public static Gen<Integer> mostlyIn(int min, int max) {
        return Gen.frequency(
            Gen.weight(7, Gen.ints(min, max)),
            Gen.weight(3, anyInt()));
    }

    public static Gen<Long> longEdge() {
        return r -> LONG_EDGES[r.nextInt(LONG_EDGES.length)];
    }

    public static Gen<Long> anyLong() {
        return Gen.frequency(
            Gen.weight(4, longEdge()),
            Gen.weight(3, Gen.ints(0, 1000).map(Integer::longValue)),
            Gen.weight(2, r -> r.nextLong()),
            Gen.weight(1, intEdge().map(Integer::longValue)));
    }
}
