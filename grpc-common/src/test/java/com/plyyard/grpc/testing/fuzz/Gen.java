package com.plyyard.grpc.testing.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A generator of test inputs: one value from a source of randomness. Everything a property draws comes from the one
 * {@link Random} of its case, so the case's seed reproduces its input exactly ({@link Property}).
 */
@FunctionalInterface
public interface Gen<T> {
    T next(Random random);

    default <U> Gen<U> map(Function<? super T, ? extends U> f) {
        return r -> f.apply(next(r));
    }

    default <U> Gen<U> flatMap(Function<? super T, Gen<? extends U>> f) {
        return r -> f.apply(next(r)).next(r);
    }

    /** A generator that also sees the random source, for values drawn after this one. */
    default <U> Gen<U> then(BiFunction<? super T, Random, ? extends U> f) {
        return r -> f.apply(next(r), r);
    }

    static <T> Gen<T> constant(T value) {
        return r -> value;
    }

    /** A fresh value from the supplier each time (e.g. a value that depends on the state of the test). */
    static <T> Gen<T> lazy(Supplier<Gen<T>> gen) {
        return r -> gen.get().next(r);
    }

    static Gen<Integer> ints(int minInclusive, int maxInclusive) {
        return r -> minInclusive + (int) Math.floor(r.nextDouble() * ((double) maxInclusive - minInclusive + 1));
    }

    static Gen<Boolean> bools() {
        return Random::nextBoolean;
    }

    /** True with the given probability. */
    static Gen<Boolean> chance(double probability) {
        return r -> r.nextDouble() < probability;
    }

    @SafeVarargs
    static <T> Gen<T> elements(T... values) {
        return elements(Arrays.asList(values));
    }

    static <T> Gen<T> elements(List<? extends T> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values to choose from");
        }
        return r -> values.get(r.nextInt(values.size()));
    }

    /** One of the generators, each equally likely. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        return r -> gens[r.nextInt(gens.length)].next(r);
    }

    /** A generator with its weight, for {@link #frequency}. */
    record Weighted<T>(int weight, Gen<? extends T> gen) {
    }

    static <T> Weighted<T> weight(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    /** One of the generators, in proportion to the weights. */
    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<? extends T>... choices) {
        int total = 0;
        for (Weighted<? extends T> w : choices) {
            if (w.weight() < 0) {
                throw new IllegalArgumentException("negative weight");
            }
            total += w.weight();
        }
        int sum = total;
        return r -> {
            int pick = r.nextInt(sum);
            for (Weighted<? extends T> w : choices) {
                pick -= w.weight();
                if (pick < 0) {
                    return w.gen().next(r);
                }
            }
            throw new IllegalStateException("unreachable");
        };
    }

    /** A list of {@code element}s, as many as {@code size} draws. */
    static <T> Gen<List<T>> listOf(Gen<Integer> size, Gen<? extends T> element) {
        return r -> {
            int n = size.next(r);
            List<T> out = new ArrayList<>(Math.max(0, n));
            for (int i = 0; i < n; i++) {
                out.add(element.next(r));
            }
            return out;
        };
    }
}
