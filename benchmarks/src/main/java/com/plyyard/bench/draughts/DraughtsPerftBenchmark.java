package com.plyyard.bench.draughts;

import com.plyyard.bench.Leaves;
import com.plyyard.engine.draughts.DraughtsPerft;
import com.plyyard.engine.draughts.DraughtsPositionNotation;
import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsState;
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
 * Draughts move generation plus make-move, single-threaded: perft without bulk counting (every leaf
 * move is played). The {@code leaves} secondary result is the figure to quote, in leaves per second.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar DraughtsPerftBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 10)
@Fork(1)
@Threads(1)
public class DraughtsPerftBenchmark {

    /** Named positions of ../shared/rules/draughts.md with a depth giving a few million leaves. */
    public enum Case {
        FMJD_START(DraughtsRuleSet.FMJD, "W:W31-50:B1-20", 8),
        PLYYARD_START(DraughtsRuleSet.PLYYARD, "B:W31-50:B1-20", 8),
        RANDOM178(DraughtsRuleSet.FMJD, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 6),
        ALL_KINGS(DraughtsRuleSet.FMJD, "W:WK31-50:BK1-20", 7);

        final DraughtsRuleSet rules;
        final String fen;
        final int depth;

        Case(DraughtsRuleSet rules, String fen, int depth) {
            this.rules = rules;
            this.fen = fen;
            this.depth = depth;
        }
    }

    @Param({"FMJD_START", "PLYYARD_START", "RANDOM178", "ALL_KINGS"})
    Case position;

    private DraughtsPerft perft;
    private DraughtsState board;

    @Setup
    public void setUp() {
        perft = new DraughtsPerft(position.rules);
        board = DraughtsPositionNotation.parse(position.fen);
    }

    @Benchmark
    public long perft(Leaves counter) {
        long n = perft.count(board, position.depth);
        counter.leaves += n;
        return n + perft.sink();
    }
}
