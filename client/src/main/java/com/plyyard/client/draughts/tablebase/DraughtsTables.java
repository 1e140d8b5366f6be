package com.plyyard.client.draughts.tablebase;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.tablebase.GameTables;
import com.plyyard.client.tablebase.TableOutput;
import com.plyyard.client.tablebase.TableOutput.Progress;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsTablebase;
import com.plyyard.engine.draughts.DraughtsTablebase.Statistics;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tablebase build|probe --variant draughts:fmjd|draughts:plyyard}: draughts' endgame tables, with the same
 * output lines as Piracy's ({@code file=… positions=… wins=… draws=… losses=… longest_win=… seconds=…}, then
 * {@code value=… dtw=…} and {@code best=…}). The engine reads the table of most pieces from the same folder.
 */
public final class DraughtsTables implements GameTables {
    @Override
    public List<String> variants() {
        return List.of("draughts:fmjd", "draughts:plyyard");
    }

    /** The rule set of the variant; draughts tables take no Piracy setting. */
    private static DraughtsRuleSet ruleSet(String variant, Map<String, String> options, String island) {
        if (!options.isEmpty() || island != null) {
            throw CliException.badInput("Draughts tables take neither --option nor --island; the variant is the rule set.");
        }
        return DraughtsRuleSet.fromId(variant.substring(variant.indexOf(':') + 1));
    }

    @Override
    public int build(CommandSpec spec, BuildRequest request) {
        DraughtsRuleSet ruleSet = ruleSet(request.variant(), request.options(), request.island());
        int pieces = request.pieces();
        int threads = request.threads();
        boolean force = request.force();
        Path directory = request.directory();
        long positions;
        try {
            positions = DraughtsTablebase.positions(pieces);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
        Path file = DraughtsTablebase.file(directory, ruleSet, pieces);
        long start = System.nanoTime();
        DraughtsTablebase table = force ? null : TableOutput.cached(file, f -> DraughtsTablebase.open(f, ruleSet));
        boolean cached = table != null;
        if (!cached) {
            TableOutput.checkHeap("A draughts table of " + pieces + " pieces", positions,
                DraughtsTablebase.heapNeeded(pieces));
            Progress progress = new Progress(spec.commandLine().getErr(), positions);
            table = DraughtsTablebase.build(ruleSet, pieces, threads, progress::report);
            progress.finish();
            table.save(file);
        }
        Statistics stats = table.statistics();
        TableOutput.printBuilt(spec, file, stats.positions(), stats.wins(), stats.draws(), stats.losses(),
            stats.longestWin(), start, cached);
        return 0;
    }

    /**
     * Prints {@code value=<win|loss|draw> dtw=<plies>} (plies to the end by the move rules alone, the draw-by-count
     * rules left out; 0 for a draw) and {@code best=<moves>}: the moves that keep the value, comma-separated.
     */
    @Override
    public int probe(CommandSpec spec, ProbeRequest request) {
        DraughtsRuleSet ruleSet = ruleSet(request.variant(), request.options(), null);
        String fen = request.position();
        Path directory = request.directory();
        boolean dirGiven = request.directoryGiven();
        DraughtsPosition position;
        try {
            position = DraughtsRules.of(ruleSet).parse(fen);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
        Optional<Path> file = DraughtsTablebase.find(directory, ruleSet);
        if (file.isEmpty()) {
            throw new CliException(CliException.FAILED, "No draughts:" + ruleSet.id() + " endgame table in " + directory
                + "; build it with: ./plyyard tablebase build --variant draughts:" + ruleSet.id()
                + (dirGiven ? " --dir " + directory : ""));
        }
        PrintWriter out = spec.commandLine().getOut();
        try {
            DraughtsTablebase table = DraughtsTablebase.open(file.get(), ruleSet);
            int raw = table.probe(position.state());
            if (raw == DraughtsTablebase.NOT_HELD) {
                throw CliException.badInput("The table " + file.get().getFileName() + " holds positions of at most "
                    + table.pieces() + " pieces, with at least one on each side; this one has " + position.state().count(true)
                    + " + " + position.state().count(false) + ".");
            }
            String value = raw == 0 ? "draw" : DraughtsTablebase.isWin(raw) ? "win" : "loss";
            String best = raw == 1 ? "" // no move at all
                : table.bestMoves(position).stream().map(DraughtsMove::notation).collect(Collectors.joining(","));
            out.println("value=" + value + " dtw=" + (raw == 0 ? 0 : DraughtsTablebase.plies(raw)));
            out.println("best=" + best);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
        out.flush();
        return 0;
    }
}
