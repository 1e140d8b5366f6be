package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.client.selfplay.SelfPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.search.Level;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code match}: a self-play series between two engine levels, played in this process (no server; "match" elsewhere
 * names a game on the platform — the subcommand keeps its name, a stable contract of outside tools). One line per game,
 * {@code game=<i> a=<A's colours> result=<win|draw|loss> plies=<n> reason=<reason>}, then the last line (a
 * stable contract): {@code games=<n> wins=<a wins> draws=<d> losses=<a losses> score=<a's %> elo=<diff>±<95% margin>}.
 */
@Command(name = "match", mixinStandardHelpOptions = true,
    description = "Plays engine level A against level B and reports A's score and the Elo difference.")
public class SelfPlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameArgs game;

    @Option(names = "--a", required = true, paramLabel = "LEVEL", description = "Level of player A.")
    String a;

    @Option(names = "--b", required = true, paramLabel = "LEVEL", description = "Level of player B.")
    String b;

    @Option(names = "--games", required = true, paramLabel = "N", description = "Games to play (colours alternate).")
    int games;

    @Option(names = "--openings", paramLabel = "FILE",
        description = "Start positions or move sequences, one per line; each is played with both colours.")
    Path openings;

    @Option(names = "--random-plies", defaultValue = "4",
        description = "Without --openings: random plies that open each pair of games (default ${DEFAULT-VALUE}).")
    int randomPlies;

    @Option(names = "--max-opening-score", defaultValue = "100", paramLabel = "CENTI",
        description = "Random openings only: keep one the engine scores within ± this many hundredths of the game's unit "
            + "(a man, a Shield, a hit), so no pair of games is decided by its opening; 0 = any (default ${DEFAULT-VALUE}).")
    int maxOpeningScore;

    @Option(names = "--max-plies", defaultValue = "600", description = "A game this long is scored a draw (default ${DEFAULT-VALUE}).")
    int maxPlies;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of openings and level randomness (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (games < 1) {
            throw CliException.badInput("--games must be at least 1, not " + games + ".");
        }
        if (maxPlies < 1 || randomPlies < 0 || maxOpeningScore < 0) {
            throw CliException.badInput("--max-plies must be at least 1, --random-plies and --max-opening-score not negative.");
        }
        Level levelA = Level.fromId(a);
        Level levelB = Level.fromId(b);
        VariantRules rules = game.rules();
        List<Position> starts = List.of();
        if (openings != null) {
            try {
                starts = SelfPlay.openings(rules, Files.readAllLines(openings));
            } catch (IOException e) {
                throw CliException.badInput("Cannot read the openings file " + openings + ": " + e.getMessage());
            }
        } else if (game.position != null) {
            starts = List.of(game.position(rules));
        }
        PrintWriter out = spec.commandLine().getOut();
        MatchSummary summary = new SelfPlay(rules, levelA, levelB, starts, randomPlies, maxPlies, seed, maxOpeningScore).run(games, g -> {
            out.println("game=" + (g.number() + 1) + " a=" + String.join(",", g.aSeats()) + " result=" + g.result() + " plies="
                + g.plies() + " reason=" + g.reason());
            out.flush();
        });
        out.println(summary.line());
        out.flush();
        return 0;
    }
}
