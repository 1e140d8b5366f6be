package com.plyyard.bench;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * The engine's search speed, single-threaded: a fixed-depth search from the start position of each variant, with
 * the transposition table cleared before every search so each one does the same work. The {@code nodes} secondary
 * result is the figure to quote, in nodes per second (the node count the engine reports: every position searched,
 * quiescence included).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar SearchBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 10)
@Fork(1)
@Threads(1)
public class SearchBenchmark {

    /** Variant and a depth that takes a few hundred milliseconds from its start position. */
    public enum Case {
        DRAUGHTS_FMJD("draughts:fmjd", 11),
        DRAUGHTS_PLYYARD("draughts:plyyard", 11),
        PLOY_3M_2P("ploy:3m:2p", 5),
        PLOY_IMPERIUM_2P("ploy:imperium:2p", 6),
        PLOY_3M_FFA("ploy:3m:ffa", 5),
        PLOY_3M_TEAM("ploy:3m:team", 5),
        PIRACY("piracy:classic", 30);

        final String variant;
        final int depth;

        Case(String variant, int depth) {
            this.variant = variant;
            this.depth = depth;
        }
    }

    /** Nodes counted per measured second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;

        @Setup(Level.Iteration)
        public void reset() {
            nodes = 0;
        }
    }

    @Param({"DRAUGHTS_FMJD", "DRAUGHTS_PLYYARD", "PLOY_3M_2P", "PLOY_IMPERIUM_2P", "PLOY_3M_FFA", "PLOY_3M_TEAM", "PIRACY"})
    Case variant;

    private Engine engine;
    private Position start;
    private Engine.Request request;

    @Setup
    public void setUp() {
        engine = new Engine(64);
        start = Variants.get(variant.variant, Map.of()).start();
        request = Engine.Request.of(Limits.depth(variant.depth));
    }

    @Benchmark
    public int search(Nodes counter) {
        engine.newGame();
        Engine.Result result = engine.bestMove(start, request, () -> false, info -> { });
        counter.nodes += result.nodes();
        return result.score();
    }
}
