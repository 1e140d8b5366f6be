package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code perft}: leaf counts of the legal-move tree. Output, one line per depth k = 1..depth:
 * {@code d=<k> nodes=<count> ms=<millis>}; with {@code --divide}, first one line per root move at the full
 * depth, in legal-move order: {@code move=<notation> nodes=<count>}.
 */
@Command(name = "perft", mixinStandardHelpOptions = true,
    description = "Counts the leaves of the legal-move tree at each depth up to --depth (move generation check).")
public class PerftCommand implements Callable<Integer> {
    private static final BooleanSupplier NEVER = () -> false;

    @Spec
    CommandSpec spec;

    @Mixin
    GameArgs game;

    @Option(names = "--depth", required = true, paramLabel = "N", description = "Deepest depth to count (1 or more).")
    int depth;

    @Option(names = "--divide", description = "First print the count below each root move at the full depth.")
    boolean divide;

    @Override
    public Integer call() {
        VariantRules rules = game.rules();
        Position position = game.position(rules);
        if (depth < 1 || depth > rules.maxPerftDepth()) {
            throw CliException.badInput("--depth must be between 1 and " + rules.maxPerftDepth() + " for " + rules.id()
                + ", not " + depth + ".");
        }
        PrintWriter out = spec.commandLine().getOut();
        long dividedTotal = -1;
        long dividedMillis = 0;
        if (divide) {
            long t0 = System.nanoTime();
            Map<String, Long> counts = rules.divide(position, depth, NEVER);
            dividedMillis = (System.nanoTime() - t0) / 1_000_000L;
            dividedTotal = 0;
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                out.println("move=" + e.getKey() + " nodes=" + e.getValue());
                dividedTotal += e.getValue();
            }
            out.flush();
        }
        for (int k = 1; k <= depth; k++) {
            long nodes;
            long millis;
            if (k == depth && dividedTotal >= 0) {
                nodes = dividedTotal; // the divide already counted the full depth
                millis = dividedMillis;
            } else {
                long t0 = System.nanoTime();
                nodes = rules.perft(position, k, NEVER);
                millis = (System.nanoTime() - t0) / 1_000_000L;
            }
            out.println("d=" + k + " nodes=" + nodes + " ms=" + millis);
            out.flush();
        }
        return 0;
    }
}
