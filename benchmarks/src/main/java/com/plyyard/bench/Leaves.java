package com.plyyard.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Leaves counted per measured second: reported by JMH as a rate next to the call rate. Shared by the games' perft
 * benchmarks ({@code bench.draughts}, {@code bench.ploy}).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Leaves {
    public long leaves;

    @Setup(Level.Iteration)
    public void reset() {
        leaves = 0;
    }
}
