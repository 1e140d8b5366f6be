package com.plyyard.client.piracy.tablebase;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.piracy.PiracyPosition;
import com.plyyard.engine.piracy.PiracyRules;
import com.plyyard.engine.piracy.PiracyTablebase;
import com.plyyard.engine.piracy.PiracyTablebase.MoveValue;
import com.plyyard.engine.piracy.PiracyTablebase.Statistics;
import com.plyyard.engine.piracy.PiracyTablebase.Value;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tablebase}: perfect play for Piracy (docs/piracy.md). {@code tablebase build} solves one island's class
 * and caches it under the Ply Yard home; {@code tablebase probe} reads a position's exact value from it.
 */
@Command(name = "tablebase", mixinStandardHelpOptions = true,
    description = "Piracy tablebases: build one island's table, probe a position's exact value.",
    subcommands = {TablebaseCommand.Build.class, TablebaseCommand.Probe.class})
public class TablebaseCommand implements Runnable {
    @Override
    public void run() {
        throw CliException.badInput("tablebase needs a subcommand: build or probe (see plyyard tablebase --help).");
    }

    /** Options shared by both subcommands: the folder of tables, the circle rule and the survivor rule. */
    static class RulesOptions {
        @Option(names = "--dir", paramLabel = "DIR",
            description = "Folder of the tables (default: tablebases/ in $PLYYARD_HOME, else in ~/.plyyard).")
        Path directory;

        Path directory() {
            return directory != null ? directory : PiracyTablebase.defaultDirectory();
        }

        @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "Piracy option (repeatable): circle-rule=true|false, survivor-sinks=draw|loss.")
        Map<String, String> options = new LinkedHashMap<>();

        PiracyRules rules(Map<String, String> more) {
            Map<String, String> all = new LinkedHashMap<>(options);
            all.putAll(more);
            try {
                return (PiracyRules) Variants.get("piracy:classic", all);
            } catch (InvalidInputException e) {
                throw CliException.badInput(e.getMessage());
            }
        }
    }

    /**
     * {@code tablebase build --island SQ [--board N]}: a progress bar on stderr, then one line
     * {@code file=<path> positions=<n> wins=<w> draws=<d> losses=<l> longest_win=<plies> seconds=<s>}.
     * A table already in the cache is not built again (without {@code --force}); the line then ends in
     * {@code cached=true}.
     */
    @Command(name = "build", mixinStandardHelpOptions = true,
        description = "Solves every position of one Piracy sea (board size, island class, options) and caches the table.")
    public static class Build implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--island", required = true, paramLabel = "SQUARE",
            description = "The island's lower-left square, e.g. d4 (the table serves its whole symmetry class).")
        String island;

        @Option(names = "--board", paramLabel = "N", defaultValue = "8", description = "Board size (default ${DEFAULT-VALUE}).")
        int board;

        @Option(names = "--threads", paramLabel = "N", description = "Threads (default: the processors).")
        Integer threads;

        @Option(names = "--force", description = "Build again even when the table is cached.")
        boolean force;

        @picocli.CommandLine.Mixin
        RulesOptions rulesOptions = new RulesOptions();

        @Override
        public Integer call() {
            PiracyRules rules = rulesOptions.rules(Map.of(PiracyRules.OPTION_BOARD_SIZE, Integer.toString(board),
                PiracyRules.OPTION_ISLAND, island));
            int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (workers < 1) {
                throw CliException.badInput("--threads must be at least 1, not " + workers + ".");
            }
            Path file = PiracyTablebase.file(rulesOptions.directory(), rules);
            PrintWriter out = spec.commandLine().getOut();
            long start = System.nanoTime();
            PiracyTablebase table;
            PiracyTablebase cachedTable = force ? null : cached(file, rules);
            boolean cached = cachedTable != null;
            if (cached) {
                table = cachedTable;
            } else {
                long positions = PiracyTablebase.positions(rules);
                long needed = PiracyTablebase.heapNeeded(rules);
                long heap = Runtime.getRuntime().maxMemory();
                if (needed > heap) {
                    throw new CliException(CliException.FAILED, String.format(Locale.ROOT,
                        "A %dx%d Piracy table has %,d positions and needs about %.1f GB of heap to build; this JVM may use"
                            + " %.1f GB (set it with PLYYARD_TABLEBASE_HEAP, e.g. PLYYARD_TABLEBASE_HEAP=%dg).",
                        board, board, positions, needed / 1e9, heap / 1e9, (long) Math.ceil(needed / 1e9) + 1));
                }
                Progress progress = new Progress(spec.commandLine().getErr(), 2 * positions);
                table = PiracyTablebase.build(rules, workers, progress::report);
                progress.finish();
                table.save(file);
            }
            Statistics stats = table.statistics();
            out.println(String.format(Locale.ROOT,
                "file=%s positions=%d wins=%d draws=%d losses=%d longest_win=%d seconds=%.1f%s", file, stats.positions(),
                stats.wins(), stats.draws(), stats.losses(), stats.longestWin(), (System.nanoTime() - start) / 1e9,
                cached ? " cached=true" : ""));
            out.flush();
            return 0;
        }
    }

    /** The cached table, or null when there is none or it cannot be read (an older format): then it is built again. */
    private static PiracyTablebase cached(Path file, PiracyRules rules) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return PiracyTablebase.open(file, rules);
        } catch (InvalidInputException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /**
     * {@code tablebase probe --position P}: two lines, {@code value=<win|loss|draw> dtw=<plies>} for the side to move
     * (plies until the first ship sinks; 0 for a draw or once a ship has sunk), then
     * {@code best=<moves>}: every move that keeps the value, fastest win or slowest loss first, comma-separated.
     */
    @Command(name = "probe", mixinStandardHelpOptions = true,
        description = "Prints a Piracy position's exact value and the moves that keep it, from the cached table.")
    public static class Probe implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--position", required = true, paramLabel = "TEXT",
            description = "Piracy position, e.g. '8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -'.")
        String position;

        @picocli.CommandLine.Mixin
        RulesOptions rulesOptions = new RulesOptions();

        @Override
        public Integer call() {
            PiracyPosition p;
            try {
                p = rulesOptions.rules(Map.of()).parse(position);
            } catch (InvalidInputException e) {
                throw CliException.badInput(e.getMessage());
            }
            PiracyRules rules = p.rules();
            Path file = PiracyTablebase.file(rulesOptions.directory(), rules);
            if (!Files.isRegularFile(file)) {
                int size = rules.geometry().size();
                throw new CliException(CliException.FAILED, "No tablebase for this position's sea in " + file.getParent()
                    + "; build it with: ./plyyard tablebase build --island " + rules.geometry().islandName()
                    + (size == 8 ? "" : " --board " + size) + (rulesOptions.directory == null ? "" : " --dir " + rulesOptions.directory)
                    + options(rulesOptions.options));
            }
            PiracyTablebase table = PiracyTablebase.open(file, rules);
            Value value = table.value(p);
            PrintWriter out = spec.commandLine().getOut();
            out.println("value=" + value.outcome().name().toLowerCase(Locale.ROOT) + " dtw=" + value.plies());
            out.println("best=" + table.bestMoves(p).stream().map(MoveValue::move).map(m -> m.notation())
                .collect(Collectors.joining(",")));
            out.flush();
            return 0;
        }

        private static String options(Map<String, String> options) {
            return options.entrySet().stream().map(e -> " --option " + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining());
        }
    }

    /** A progress bar with an estimate of the time left: redrawn in place on a terminal, a line per 5 % otherwise. */
    static final class Progress {
        private final PrintWriter err;
        private final long total;
        private final long start = System.nanoTime();
        private final boolean terminal = System.console() != null;
        private long lastDrawn;
        private int lastStep = -1;

        Progress(PrintWriter err, long total) {
            this.err = err;
            this.total = Math.max(1, total);
        }

        synchronized void report(long done) {
            long now = System.nanoTime();
            int step = (int) (20 * done / total);
            if (terminal ? now - lastDrawn < 500_000_000L : step == lastStep) {
                return;
            }
            lastDrawn = now;
            lastStep = step;
            double fraction = Math.min(1.0, (double) done / total);
            double elapsed = (now - start) / 1e9;
            String eta = fraction > 0.001 ? duration(elapsed * (1 - fraction) / fraction) : "?";
            int filled = (int) (30 * fraction);
            String bar = String.format(Locale.ROOT, "[%s%s] %3d%%  %s elapsed, eta %s", "#".repeat(filled),
                ".".repeat(30 - filled), (int) (100 * fraction), duration(elapsed), eta);
            err.print(terminal ? "\r" + bar : bar + "\n");
            err.flush();
        }

        synchronized void finish() {
            if (terminal) {
                err.println();
                err.flush();
            }
        }

        private static String duration(double seconds) {
            long s = Math.round(seconds);
            return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
        }
    }
}
