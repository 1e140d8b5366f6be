package com.plyyard.bench.ploy;

import com.plyyard.bench.Leaves;
import com.plyyard.engine.ploy.PloyMode;
import com.plyyard.engine.ploy.PloyPerft;
import com.plyyard.engine.ploy.PloyPosition;
import com.plyyard.engine.ploy.PloyRuleSet;
import com.plyyard.engine.ploy.PloyRules;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ploy move generation plus make/unmake, single-threaded: perft without bulk counting from the start
 * positions. The {@code leaves} secondary result is leaves per second.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar PloyPerftBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 5, time = 20)
@Fork(1)
@Threads(1)
public class PloyPerftBenchmark {

    public enum Case {
        TWO_PLAYER_3M(PloyMode.TWO_PLAYER, PloyRuleSet.THREE_M, 4),
        TWO_PLAYER_IMPERIUM(PloyMode.TWO_PLAYER, PloyRuleSet.IMPERIUM, 4),
        FREE_FOR_ALL_3M(PloyMode.FREE_FOR_ALL, PloyRuleSet.THREE_M, 4);

        final PloyMode mode;
        final PloyRuleSet rules;
        final int depth;

        Case(PloyMode mode, PloyRuleSet rules, int depth) {
            this.mode = mode;
            this.rules = rules;
            this.depth = depth;
        }
    }

    @Param({"TWO_PLAYER_3M", "TWO_PLAYER_IMPERIUM", "FREE_FOR_ALL_3M"})
    Case position;

    private PloyPerft perft;
    private PloyPosition start;

    @Setup
    public void setUp() {
        perft = new PloyPerft();
        start = PloyRules.of(position.mode, position.rules).start();
    }

    @Benchmark
    public long perft(Leaves counter) {
        long n = perft.count(start, position.depth, () -> false);
        counter.leaves += n;
        return n;
    }
}
