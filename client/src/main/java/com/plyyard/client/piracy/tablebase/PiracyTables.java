package com.plyyard.client.piracy.tablebase;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.tablebase.GameTables;
import com.plyyard.client.tablebase.TableOutput;
import com.plyyard.client.tablebase.TableOutput.Progress;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Piracy's tables behind {@code tablebase} (docs/piracy.md): {@code build --island SQ [--board N] [--option K=V]…}
 * solves one island's symmetry class; {@code probe --position P} prints {@code value=<win|loss|draw> dtw=<plies>} for
 * the side to move (plies until the first ship sinks; 0 for a draw or once a ship has sunk) and {@code best=<moves>},
 * fastest win or slowest loss first.
 */
public final class PiracyTables implements GameTables {
    @Override
    public List<String> variants() {
        return List.of("piracy:classic");
    }

    @Override
    public int build(CommandSpec spec, BuildRequest request) {
        if (request.island() == null) {
            throw CliException.badInput("Piracy tables need --island SQUARE (e.g. --island d4).");
        }
        int board = request.board();
        PiracyRules rules = rules(request.options(), Map.of(PiracyRules.OPTION_BOARD_SIZE, Integer.toString(board),
            PiracyRules.OPTION_ISLAND, request.island()));
        Path file = PiracyTablebase.file(request.directory(), rules);
        long start = System.nanoTime();
        PiracyTablebase table = request.force() ? null : TableOutput.cached(file, f -> PiracyTablebase.open(f, rules));
        boolean cached = table != null;
        if (!cached) {
            long positions = PiracyTablebase.positions(rules);
            TableOutput.checkHeap(String.format(Locale.ROOT, "A %dx%d Piracy table", board, board), positions,
                PiracyTablebase.heapNeeded(rules));
            Progress progress = new Progress(spec.commandLine().getErr(), 2 * positions);
            table = PiracyTablebase.build(rules, request.threads(), progress::report);
            progress.finish();
            table.save(file);
        }
        Statistics stats = table.statistics();
        TableOutput.printBuilt(spec, file, stats.positions(), stats.wins(), stats.draws(), stats.losses(), stats.longestWin(),
            start, cached);
        return 0;
    }

    @Override
    public int probe(CommandSpec spec, ProbeRequest request) {
        PiracyPosition p;
        try {
            p = rules(request.options(), Map.of()).parse(request.position());
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
        PiracyRules rules = p.rules();
        Path file = PiracyTablebase.file(request.directory(), rules);
        if (!Files.isRegularFile(file)) {
            int size = rules.geometry().size();
            throw new CliException(CliException.FAILED, "No tablebase for this position's sea in " + file.getParent()
                + "; build it with: ./plyyard tablebase build --island " + rules.geometry().islandName()
                + (size == 8 ? "" : " --board " + size) + (request.directoryGiven() ? " --dir " + request.directory() : "")
                + request.options().entrySet().stream().map(e -> " --option " + e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining()));
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

    private static PiracyRules rules(Map<String, String> options, Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(options);
        all.putAll(more);
        try {
            return (PiracyRules) Variants.get("piracy:classic", all);
        } catch (InvalidInputException e) {
            throw CliException.badInput(e.getMessage());
        }
    }
}
