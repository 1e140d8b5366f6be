package com.plyyard.client.tablebase;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.TablebaseHome;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code tablebase}: solved tables — Piracy's perfect play (docs/piracy.md) and draughts' endgame tables (docs/ai.md).
 * {@code tablebase build} solves one Piracy island's class, or every draughts position up to some pieces, and caches
 * it under the Ply Yard home; {@code tablebase probe} reads a position's exact value from it. The options are read
 * here; each game's {@link GameTables} does the work.
 */
@Command(name = "tablebase", mixinStandardHelpOptions = true,
    description = "Tablebases: build Piracy's table of one island or draughts' endgame tables, probe a position's exact"
        + " value.",
    subcommands = {TablebaseCommand.Build.class, TablebaseCommand.Probe.class})
public class TablebaseCommand implements Runnable {
    private List<GameTables> games = List.of();

    /** The games whose tables the command serves: the command line's list of games sets them. */
    public TablebaseCommand games(List<GameTables> tables) {
        this.games = List.copyOf(tables);
        return this;
    }

    @Override
    public void run() {
        throw CliException.badInput("tablebase needs a subcommand: build or probe (see plyyard tablebase --help).");
    }

    private GameTables gameOf(String variant) {
        for (GameTables g : games) {
            if (g.variants().contains(variant)) {
                return g;
            }
        }
        throw CliException.badInput("Tablebases exist for " + String.join(", ",
            games.stream().flatMap(g -> g.variants().stream()).toList()) + ", not '" + variant + "'.");
    }

    /** Options of both subcommands: the variant, the folder of tables, the variant's options. */
    static class Shared {
        @Option(names = "--variant", paramLabel = "ID", defaultValue = "piracy:classic",
            description = "piracy:classic (default), draughts:fmjd or draughts:plyyard.")
        String variant;

        @Option(names = "--dir", paramLabel = "DIR",
            description = "Folder of the tables (default: tablebases/ in $PLYYARD_HOME, else in ~/.plyyard).")
        Path directory;

        @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "Piracy option (repeatable): circle-rule=true|false, survivor-sinks=draw|loss.")
        Map<String, String> options = new LinkedHashMap<>();

        /** The folder given, else the one every game's tables share. */
        Path directory() {
            return directory != null ? directory : TablebaseHome.directory();
        }
    }

    /**
     * {@code tablebase build}: a progress bar on stderr, then one line {@code file=<path> positions=<n> wins=<w>
     * draws=<d> losses=<l> longest_win=<plies> seconds=<s>}. A table already in the cache is not built again (without
     * {@code --force}); the line then ends in {@code cached=true}.
     */
    @Command(name = "build", mixinStandardHelpOptions = true,
        description = "Solves every position of one Piracy sea (board size, island class, options), or of draughts up to"
            + " some pieces, and caches the table.")
    public static class Build implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        TablebaseCommand parent;

        @Option(names = "--island", paramLabel = "SQUARE",
            description = "Piracy: the island's lower-left square, e.g. d4 (the table serves its whole symmetry class).")
        String island;

        @Option(names = "--board", paramLabel = "N", defaultValue = "8",
            description = "Piracy: board size (default ${DEFAULT-VALUE}).")
        int board;

        @Option(names = "--pieces", paramLabel = "N", defaultValue = "4",
            description = "Draughts: every position of at most N pieces, 2 to 5 (default ${DEFAULT-VALUE}).")
        int pieces;

        @Option(names = "--threads", paramLabel = "N", description = "Threads (default: the processors).")
        Integer threads;

        @Option(names = "--force", description = "Build again even when the table is cached.")
        boolean force;

        @Mixin
        Shared shared = new Shared();

        @Override
        public Integer call() {
            int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (workers < 1) {
                throw CliException.badInput("--threads must be at least 1, not " + workers + ".");
            }
            return parent.gameOf(shared.variant).build(spec, new GameTables.BuildRequest(shared.variant, shared.options,
                shared.directory(), shared.directory != null, island, board, pieces, workers, force));
        }
    }

    /**
     * {@code tablebase probe --position P}: two lines, {@code value=<win|loss|draw> dtw=<plies>} for the side to move,
     * then {@code best=<moves>}: every move that keeps the value, comma-separated.
     */
    @Command(name = "probe", mixinStandardHelpOptions = true,
        description = "Prints a position's exact value and the moves that keep it, from the cached table.")
    public static class Probe implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        TablebaseCommand parent;

        @Option(names = "--position", required = true, paramLabel = "TEXT",
            description = "Piracy position, e.g. '8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -', or a draughts FEN, e.g. 'W:WK28:BK33'.")
        String position;

        @Mixin
        Shared shared = new Shared();

        @Override
        public Integer call() {
            return parent.gameOf(shared.variant).probe(spec, new GameTables.ProbeRequest(shared.variant, shared.options,
                shared.directory(), shared.directory != null, position));
        }
    }
}
