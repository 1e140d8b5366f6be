package com.plyyard.ai.tablebase;

import com.plyyard.engine.GameModule;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * Perfect play at the MAX level and in analysis, for every game whose module has it ({@link GameModule#perfectPlay};
 * today Piracy's tablebases, docs/piracy.md): the table of a match's rules, opened from the folder of tables
 * (memory-mapped: the operating system keeps its pages) or, when it is missing, built in the background on one thread
 * and saved there — until it is ready the search answers. A table that would not fit this JVM's heap, or is larger than
 * {@code build-max-positions}, is not built here (one log line says how to build it). The tests that start the packaged
 * service set that to 0: they must not spend their cores on a table.
 *
 * <p>Settings per game, under {@code plyyard.ai.<game>.tablebase.}: {@code enabled} (default true), {@code dir} (the
 * folder; default the game's own, tablebases/ in $PLYYARD_HOME or ~/.plyyard) and {@code build-max-positions}
 * (default 2 000 000 000).
 */
@ApplicationScoped
public class Tablebases {
    private static final Logger LOG = Logger.getLogger(Tablebases.class);

    /** {@code BestMoveResponse.engine} for a move chosen from a table. */
    public static final String ENGINE = "plyyard:tablebase";

    static final long DEFAULT_BUILD_MAX_POSITIONS = 2_000_000_000L;

    @Inject
    Config config;

    @Inject
    MeterRegistry metrics;

    /** Per table file: the open table, or absent while it is being built or cannot be had. */
    private final Map<Path, Optional<PerfectPlay.Table>> tables = new ConcurrentHashMap<>();
    private final ExecutorService builder = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tablebase-build");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    /**
     * The table's choice for a position, if its game has perfect play and the table for its rules is ready (asking
     * starts a missing one's build).
     */
    public Optional<PerfectPlay.Choice> choose(Position position) {
        GameModule module = position.rules().module();
        Optional<PerfectPlay> perfectPlay = module.perfectPlay();
        if (perfectPlay.isEmpty()) {
            return Optional.empty();
        }
        Optional<PerfectPlay.Table> table = table(module.game(), perfectPlay.get(), position.rules());
        if (table.isEmpty() || position.outcome().isPresent()) {
            return Optional.empty();
        }
        PerfectPlay.Choice choice = table.get().choose(position);
        metrics.counter(setting(module.game(), "moves")).increment();
        return Optional.of(choice);
    }

    /**
     * The open table that answers for every position of the game's rules, if its game has perfect play and the table is
     * ready (asking starts a missing one's build): what a game review weighs the moves by.
     */
    public Optional<PerfectPlay.Table> ready(VariantRules rules) {
        GameModule module = rules.module();
        return module.perfectPlay().flatMap(p -> table(module.game(), p, rules));
    }

    /** The table for these rules if it is open; else opens it from the folder or starts its build, and answers empty. */
    Optional<PerfectPlay.Table> table(String game, PerfectPlay perfectPlay, VariantRules rules) {
        if (!config.getOptionalValue(setting(game, "enabled"), Boolean.class).orElse(true)) {
            return Optional.empty();
        }
        Path directory = config.getOptionalValue(setting(game, "dir"), String.class).filter(s -> !s.isBlank())
            .map(Path::of).orElseGet(perfectPlay::defaultDirectory);
        Path file = perfectPlay.file(directory, rules);
        Optional<PerfectPlay.Table> known = tables.get(file);
        if (known != null) {
            return known;
        }
        synchronized (this) {
            known = tables.get(file);
            if (known != null) {
                return known;
            }
            String name = perfectPlay.name();
            if (Files.isRegularFile(file)) {
                try {
                    PerfectPlay.Table table = perfectPlay.open(file, rules);
                    LOG.infof("%s %s opened", name, file);
                    tables.put(file, Optional.of(table));
                    return Optional.of(table);
                } catch (RuntimeException e) {
                    LOG.errorf("%s %s cannot be read (%s); the search plays instead", name, file, e.getMessage());
                    tables.put(file, Optional.empty());
                    return Optional.empty();
                }
            }
            tables.put(file, Optional.empty());
            long positions;
            long needed;
            try {
                positions = perfectPlay.positions(rules);
                needed = perfectPlay.heapNeeded(rules);
            } catch (InvalidInputException tooLarge) {
                LOG.infof("%s %s: %s The search plays instead.", name, file, tooLarge.getMessage());
                return Optional.empty();
            }
            long buildMaxPositions = config.getOptionalValue(setting(game, "build-max-positions"), Long.class)
                .orElse(DEFAULT_BUILD_MAX_POSITIONS);
            if (positions > buildMaxPositions || needed > Runtime.getRuntime().maxMemory()) {
                LOG.infof("%s %s is missing and not built here (%,d positions, about %.1f GB of heap); "
                    + "build it with ./plyyard tablebase build. The search plays instead.", name, file, positions,
                    needed / 1e9);
                return Optional.empty();
            }
            builder.submit(() -> build(perfectPlay, rules, file));
            return Optional.empty();
        }
    }

    private void build(PerfectPlay perfectPlay, VariantRules rules, Path file) {
        long start = System.nanoTime();
        String name = perfectPlay.name();
        try {
            LOG.infof("%s %s: building in the background", name, file);
            PerfectPlay.Table built = perfectPlay.build(rules, 1, done -> { });
            built.save(file);
            tables.put(file, Optional.of(perfectPlay.open(file, rules)));
            LOG.infof("%s %s: built in %.0f s", name, file, (System.nanoTime() - start) / 1e9);
        } catch (RuntimeException | OutOfMemoryError e) {
            LOG.errorf("%s %s could not be built (%s); the search plays instead", name, file, e.toString());
        }
    }

    /** A game's tablebase setting or metric: {@code plyyard.ai.<game>.tablebase.<name>}. */
    static String setting(String game, String name) {
        return "plyyard.ai." + game + ".tablebase." + name;
    }

    @PreDestroy
    void stop() {
        builder.shutdownNow();
    }
}
