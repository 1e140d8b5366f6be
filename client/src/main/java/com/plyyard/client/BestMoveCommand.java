package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bestmove}: the engine's move, offline. One {@code info …} line per finished iteration, then the
 * last line (a stable contract):
 * {@code bestmove=<canonical move> score=<score> depth=<d> nodes=<n> ms=<t>}. Scores are from the mover's
 * view in hundredths of the game's unit; ±(30000 − plies) is a forced result.
 */
@Command(name = "bestmove", mixinStandardHelpOptions = true,
    description = "Searches a position with the engine and prints its move.")
public class BestMoveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameArgs game;

    static class Limit {
        @Option(names = "--level", paramLabel = "LEVEL", description = "beginner, casual, club, expert or max.")
        String level;

        @Option(names = "--movetime", paramLabel = "MS", description = "Think this many milliseconds.")
        Long movetime;

        @Option(names = "--depth", paramLabel = "D", description = "Search this many plies deep.")
        Integer depth;

        @Option(names = "--nodes", paramLabel = "N", description = "Search this many nodes.")
        Long nodes;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Limit limit;

    @Option(names = "--seed", defaultValue = "0", description = "Randomness of the weaker levels (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        VariantRules rules = game.rules();
        Position position = game.position(rules);
        Engine.Request request;
        if (limit.level != null) {
            request = Engine.Request.of(Level.fromId(limit.level), seed);
        } else if (limit.movetime != null) {
            if (limit.movetime < 1 || limit.movetime > 3_600_000) {
                throw CliException.badInput("--movetime must be between 1 and 3600000 ms, not " + limit.movetime + ".");
            }
            request = Engine.Request.of(Limits.millis(limit.movetime));
        } else if (limit.depth != null) {
            if (limit.depth < 1 || limit.depth > Limits.MAX_DEPTH) {
                throw CliException.badInput("--depth must be between 1 and " + Limits.MAX_DEPTH + ", not " + limit.depth + ".");
            }
            request = Engine.Request.of(Limits.depth(limit.depth));
        } else {
            if (limit.nodes < 1) {
                throw CliException.badInput("--nodes must be at least 1, not " + limit.nodes + ".");
            }
            request = Engine.Request.of(Limits.nodes(limit.nodes));
        }
        PrintWriter out = spec.commandLine().getOut();
        Engine.Result r;
        try {
            r = new Engine(64).bestMove(position, request, null, info -> {
                out.println("info depth=" + info.depth() + " score=" + info.score() + " nodes=" + info.nodes() + " ms="
                    + info.millis() + " pv=" + String.join(" ", info.pv()));
                out.flush();
            });
        } catch (GameOverException e) {
            throw CliException.badInput(e.getMessage());
        }
        out.println("bestmove=" + r.move().notation() + " score=" + r.score() + " depth=" + r.depth() + " nodes=" + r.nodes()
            + " ms=" + r.millis());
        out.flush();
        return 0;
    }
}
