package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.PuzzleFile;
import com.plyyard.engine.learn.PuzzleHunt;
import com.plyyard.engine.learn.PerfectPuzzles;
import com.plyyard.engine.learn.SearchPuzzles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code puzzles}: the puzzle sets the platform ships (docs/learn.md, "Puzzles"). {@code puzzles generate} finds
 * puzzles in the AI's own games and writes them as a puzzle file; {@code puzzles verify} checks a file again.
 * Puzzles of a game with perfect play (Piracy) are exact, from its table, which is opened from the tables' folder or
 * built there first; those of the searched games (draughts, Ploy) pass a search and a deeper one with a clear margin.
 */
@Command(name = "puzzles", mixinStandardHelpOptions = true,
    description = "Puzzle sets: find puzzles in the AI's games, verify a puzzle file.",
    subcommands = {PuzzlesCommand.Generate.class, PuzzlesCommand.Verify.class})
public class PuzzlesCommand implements Runnable {
    @Override
    public void run() {
        throw CliException.badInput("puzzles needs a subcommand: generate or verify (see plyyard puzzles --help).");
    }

    /** The table of perfect play for {@code rules}: read from {@code dir}, or built and saved there first. */
    static PerfectPlay.Table table(VariantRules rules, Path dir, PrintWriter err) {
        PerfectPlay perfect = rules.module().perfectPlay().orElseThrow();
        Path directory = dir != null ? dir : perfect.defaultDirectory();
        Path file = perfect.file(directory, rules);
        if (Files.isRegularFile(file)) {
            try {
                return perfect.open(file, rules);
            } catch (InvalidInputException | java.io.UncheckedIOException e) {
                err.println("the table at " + file + " does not read (" + e.getMessage() + "); building it again");
            }
        }
        long needed = perfect.heapNeeded(rules);
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap) {
            throw new CliException(CliException.FAILED, String.format(Locale.ROOT, "Building the %s for %s needs about "
                + "%.1f GB of heap; this JVM may use %.1f GB (set PLYYARD_TABLEBASE_HEAP, e.g. %dg).", perfect.name(),
                rules.id(), needed / 1e9, heap / 1e9, (long) Math.ceil(needed / 1e9) + 1));
        }
        err.println("building the " + perfect.name() + " at " + file + " (a few minutes, once)");
        err.flush();
        PerfectPlay.Table table = perfect.build(rules, Runtime.getRuntime().availableProcessors(), done -> { });
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "Cannot create " + directory + ": " + e.getMessage());
        }
        table.save(file);
        return table;
    }

    static VariantRules rules(String variant, Map<String, String> options) {
        try {
            return Variants.get(variant, options);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
    }

    /**
     * {@code puzzles generate --variant V [--option K=V]... [--islands SQ,...] [--count N] [--seed S] [--out FILE]}:
     * progress on stderr, then one line {@code file=<path> puzzles=<n> games=<g> positions=<p> seconds=<s>}.
     */
    @Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Finds puzzles in the AI's own games and writes a puzzle file (Piracy: exact, from its tablebase; "
            + "draughts and Ploy: by a search and a deeper one, with a margin).")
    public static class Generate implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--variant", defaultValue = "piracy:classic", paramLabel = "ID",
            description = "Variant (default ${DEFAULT-VALUE}).")
        String variant;

        @Option(names = "--option", paramLabel = "KEY=VALUE", description = "Variant option (repeatable).")
        Map<String, String> options = new LinkedHashMap<>();

        @Option(names = "--islands", split = ",", paramLabel = "SQ",
            description = "Piracy: play on these islands in turn, one table serving them all (e.g. d5,d3,c4,e4).")
        List<String> islands = new ArrayList<>();

        @Option(names = "--count", defaultValue = "1000", paramLabel = "N", description = "Puzzles to find (default "
            + "${DEFAULT-VALUE}).")
        int count;

        @Option(names = "--max-games", defaultValue = "100000", paramLabel = "N", description = "Stop after this many "
            + "games (default ${DEFAULT-VALUE}).")
        int maxGames;

        @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "The hunt's seed (default "
            + "${DEFAULT-VALUE}): the same seed and settings find the same puzzles.")
        long seed;

        @Option(names = "--depths", split = ",", defaultValue = "2,4,6,8", paramLabel = "PLIES",
            description = "Search depths each side's is drawn from (default ${DEFAULT-VALUE}).")
        List<Integer> depths;

        @Option(names = "--noise", defaultValue = "0.15", paramLabel = "P",
            description = "Chance of a random move instead of the searched one (default ${DEFAULT-VALUE}).")
        double noise;

        @Option(names = "--max-solver-moves", defaultValue = "3", paramLabel = "N",
            description = "The longest line, in the solver's moves (default ${DEFAULT-VALUE}).")
        int maxSolverMoves;

        @Option(names = "--max-distance", defaultValue = "21", paramLabel = "PLIES",
            description = "The win (or, for a draw, every other move's loss) within this many plies (default "
                + "${DEFAULT-VALUE}).")
        int maxDistance;

        @Option(names = "--find-depth", defaultValue = "6", paramLabel = "PLIES",
            description = "Searched games: the depth every position is first scored at (default ${DEFAULT-VALUE}).")
        int findDepth;

        @Option(names = "--verify-depth", defaultValue = "10", paramLabel = "PLIES",
            description = "Searched games: the deeper depth a candidate must pass too (default ${DEFAULT-VALUE}).")
        int verifyDepth;

        @Option(names = "--screen-depth", defaultValue = "0", paramLabel = "PLIES",
            description = "Searched games: screen each position first by a normal search to this depth and null-window "
                + "searches of the other moves (0: no screen, the default; Ploy's hundred moves a position need one).")
        int screenDepth;

        @Option(names = "--advantage", defaultValue = "150", paramLabel = "SCORE",
            description = "Searched games: the score that counts as a clear advantage, in hundredths (default "
                + "${DEFAULT-VALUE}).")
        int advantage;

        @Option(names = "--margin", defaultValue = "150", paramLabel = "SCORE",
            description = "Searched games: how far the only move must be ahead of the next (default ${DEFAULT-VALUE}).")
        int margin;

        @Option(names = "--tables", paramLabel = "DIR", description = "Folder of the perfect-play tables (default: "
            + "tablebases/ in $PLYYARD_HOME, else in ~/.plyyard).")
        Path tables;

        @Option(names = "--out", paramLabel = "FILE", description = "Where to write (default: <game>.puzzles).")
        Path out;

        @Override
        public Integer call() {
            if (count < 1 || maxGames < 1 || maxSolverMoves < 1 || maxDistance < 1) {
                throw CliException.badInput("--count, --max-games, --max-solver-moves and --max-distance must be at "
                    + "least 1.");
            }
            List<VariantRules> seas = new ArrayList<>();
            if (islands.isEmpty()) {
                seas.add(rules(variant, options));
            }
            for (String island : islands) {
                Map<String, String> o = new HashMap<>(options);
                o.put("island", island);
                seas.add(rules(variant, o));
            }
            if (depths.stream().anyMatch(d -> d < 1 || d > 30) || !(noise >= 0 && noise <= 1)) {
                throw CliException.badInput("--depths are between 1 and 30 plies, --noise between 0 and 1.");
            }
            PrintWriter err = spec.commandLine().getErr();
            long start = System.nanoTime();
            boolean perfect = seas.get(0).module().perfectPlay().isPresent();
            PuzzleHunt.Finder finder;
            String how;
            String searchOptions = "";
            SearchPuzzles.Settings search = null;
            if (perfect) {
                finder = PuzzleHunt.perfect(table(seas.get(0), tables, err), maxSolverMoves, maxDistance);
                how = "exact from the " + seas.get(0).module().perfectPlay().orElseThrow().name();
            } else {
                if (findDepth < 1 || verifyDepth < findDepth || verifyDepth > 30 || advantage < 1 || margin < 1
                    || screenDepth < 0 || screenDepth > findDepth) {
                    throw CliException.badInput("--find-depth must be at least 1, --verify-depth at least --find-depth "
                        + "and at most 30, --advantage and --margin at least 1, --screen-depth from 0 to --find-depth.");
                }
                search = new SearchPuzzles.Settings(findDepth, verifyDepth, advantage, margin, maxSolverMoves, screenDepth);
                finder = PuzzleHunt.searched(search);
                how = "by a search to depth " + findDepth + " and again to depth " + verifyDepth + " with a margin of "
                    + margin;
                searchOptions = " --find-depth " + findDepth + " --verify-depth " + verifyDepth + " --advantage "
                    + advantage + " --margin " + margin + (screenDepth > 0 ? " --screen-depth " + screenDepth : "");
            }
            PuzzleHunt.Settings settings = new PuzzleHunt.Settings(seas, depths, noise, seed, 490);
            PuzzleHunt.Result result = new PuzzleHunt(settings, finder)
                .run(count, maxGames, line -> {
                    err.println(line);
                    err.flush();
                });
            Path file = out != null ? out : Path.of(seas.get(0).game() + ".puzzles");
            List<String> header = new ArrayList<>(List.of(
                "Ply Yard puzzles: " + result.puzzles().size() + " for " + seas.get(0).id() + ", " + how,
                "made by: plyyard puzzles generate --variant " + variant + (islands.isEmpty() ? "" : " --islands "
                    + String.join(",", islands)) + options.entrySet().stream().map(e -> " --option " + e.getKey() + "="
                    + e.getValue()).reduce("", String::concat) + " --count " + count + " --seed " + seed + " --depths "
                    + String.join(",", depths.stream().map(String::valueOf).toList()) + " --noise " + noise
                    + " --max-solver-moves " + maxSolverMoves + (perfect ? " --max-distance " + maxDistance
                    : searchOptions),
                "hunt: " + settings.describe() + " games=" + result.games() + " positions=" + result.positions(),
                "fields: id variant options position line goal themes rating source (tab-separated)"));
            if (search != null) {
                header.add(2, SearchPuzzles.Settings.HEAD + search.describe());
            }
            try {
                Files.writeString(file, PuzzleFile.write(header, result.puzzles()), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliException(CliException.FAILED, "Cannot write " + file + ": " + e.getMessage());
            }
            PrintWriter o = spec.commandLine().getOut();
            o.println(String.format(Locale.ROOT, "file=%s puzzles=%d games=%d positions=%d seconds=%.1f", file,
                result.puzzles().size(), result.games(), result.positions(), (System.nanoTime() - start) / 1e9));
            o.flush();
            return result.puzzles().size() >= count ? 0 : CliException.FAILED;
        }
    }

    /** The search settings a file's head records ({@link SearchPuzzles.Settings#ofFile}); bad ones exit 2. */
    static SearchPuzzles.Settings searchSettings(String text) {
        try {
            return SearchPuzzles.Settings.ofFile(text);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
    }

    /**
     * {@code puzzles verify FILE}: every puzzle checked again against the table; one line per puzzle that fails, then
     * {@code puzzles=<n> verified=<v> failed=<f>}. Exit 0 when none failed.
     */
    @Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Checks every puzzle of a file again: each solver move the only one keeping the result.")
    public static class Verify implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "A puzzle file.")
        Path file;

        @Option(names = "--tables", paramLabel = "DIR", description = "Folder of the perfect-play tables.")
        Path tables;

        @Override
        public Integer call() {
            List<Puzzle> puzzles;
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
                puzzles = PuzzleFile.read(text);
            } catch (IOException e) {
                throw CliException.badInput("Cannot read " + file + ": " + e.getMessage());
            } catch (InvalidInputException e) {
                throw CliException.badInput(file + ": " + e.getMessage());
            }
            PrintWriter o = spec.commandLine().getOut();
            Map<String, PerfectPlay.Table> byVariant = new HashMap<>();
            SearchPuzzles searched = new SearchPuzzles(searchSettings(text));
            int failed = 0;
            for (Puzzle p : puzzles) {
                VariantRules rules = rules(p.variant(), p.options());
                Optional<String> problem;
                if (rules.module().perfectPlay().isPresent()) {
                    PerfectPlay.Table table = byVariant.computeIfAbsent(rules.module().perfectPlay().orElseThrow()
                        .file(Path.of("."), rules).getFileName().toString(), k -> table(rules, tables, spec.commandLine()
                        .getErr()));
                    problem = PerfectPuzzles.verify(p, table);
                } else {
                    problem = searched.verify(p);
                }
                if (problem.isPresent()) {
                    failed++;
                    o.println(p.id() + ": " + problem.get());
                }
            }
            o.println("puzzles=" + puzzles.size() + " verified=" + (puzzles.size() - failed) + " failed=" + failed);
            o.flush();
            return failed == 0 ? 0 : CliException.FAILED;
        }
    }
}
