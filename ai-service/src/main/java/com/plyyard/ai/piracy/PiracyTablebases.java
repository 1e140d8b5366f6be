package com.plyyard.ai.piracy;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.piracy.PiracyMove;
import com.plyyard.engine.piracy.PiracyPosition;
import com.plyyard.engine.piracy.PiracyRules;
import com.plyyard.engine.piracy.PiracyTablebase;
import com.plyyard.engine.piracy.PiracyTablebase.Value;
import com.plyyard.engine.search.Score;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Perfect play for Piracy at the MAX level (docs/piracy.md): the tablebase of a match's sea, opened from the cache
 * under the Ply Yard home (memory-mapped: the operating system keeps its pages) or, when it is missing, built in the
 * background on one thread and saved there — until it is ready the search answers. One table serves every island of
 * its symmetry class; a table that would not fit this JVM's heap, or is larger than
 * {@code plyyard.ai.piracy.tablebase.build-max-positions}, is not built here (one log line says how to build it).
 * The tests that start the packaged service set that to 0: they must not spend their cores on a table.
 */
@ApplicationScoped
public class PiracyTablebases {
    private static final Logger LOG = Logger.getLogger(PiracyTablebases.class);

    /** {@code BestMoveResponse.engine} for a move chosen from the table. */
    public static final String ENGINE = "plyyard:tablebase";

    @ConfigProperty(name = "plyyard.ai.piracy.tablebase.enabled", defaultValue = "true")
    boolean enabled;

    /** The folder of the tables (default: tablebases/ in $PLYYARD_HOME, else in ~/.plyyard). */
    @ConfigProperty(name = "plyyard.ai.piracy.tablebase.dir")
    Optional<String> directorySetting;

    @ConfigProperty(name = "plyyard.ai.piracy.tablebase.build-max-positions", defaultValue = "2000000000")
    long buildMaxPositions;

    @Inject
    MeterRegistry metrics;

    /** Per table file: the open table, or absent while it is being built or cannot be had. */
    private final Map<Path, Optional<PiracyTablebase>> tables = new ConcurrentHashMap<>();
    private final ExecutorService builder = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "piracy-tablebase-build");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    /** A move from the table with its exact value, and the line that follows from it. */
    public record Choice(PiracyMove move, Value value, int score, List<String> pv) {
    }

    /** The table's choice for a position, if the table for its sea is ready (asking starts a missing one's build). */
    public Optional<Choice> choose(PiracyPosition position) {
        Optional<PiracyTablebase> table = table(position.rules());
        if (table.isEmpty() || position.outcome().isPresent()) {
            return Optional.empty();
        }
        PiracyTablebase t = table.get();
        PiracyMove move = t.choose(position).move();
        Value value = t.value(position);
        metrics.counter("plyyard.ai.piracy.tablebase.moves").increment();
        return Optional.of(new Choice(move, value, score(value), line(t, position, move)));
    }

    /** The exact value as an engine score: a win in d plies is {@code WIN - d}, a draw 0. */
    public static int score(Value value) {
        return switch (value.outcome()) {
            case WIN -> Score.WIN - value.plies();
            case LOSS -> Score.LOSS + value.plies();
            case DRAW -> Score.DRAW;
        };
    }

    /** The move and the table's best replies after it, until a ship sinks (at most 40 plies). */
    private static List<String> line(PiracyTablebase table, PiracyPosition position, PiracyMove first) {
        List<String> pv = new ArrayList<>();
        pv.add(first.notation());
        PiracyPosition p = position.play(first);
        while (pv.size() < 40 && p.outcome().isEmpty() && bothAfloat(p)) {
            PiracyMove next = table.bestMoves(p).get(0).move();
            pv.add(next.notation());
            p = p.play(next);
        }
        return pv;
    }

    private static boolean bothAfloat(PiracyPosition p) {
        return !p.ship(0).sunk() && !p.ship(1).sunk();
    }

    /** The table for these rules if it is open; else opens it from the cache or starts its build, and answers empty. */
    Optional<PiracyTablebase> table(PiracyRules rules) {
        if (!enabled) {
            return Optional.empty();
        }
        Path file = PiracyTablebase.file(directory(), rules);
        Optional<PiracyTablebase> known = tables.get(file);
        if (known != null) {
            return known;
        }
        synchronized (this) {
            known = tables.get(file);
            if (known != null) {
                return known;
            }
            if (Files.isRegularFile(file)) {
                try {
                    PiracyTablebase table = PiracyTablebase.open(file, rules);
                    LOG.infof("Piracy tablebase %s opened", file);
                    tables.put(file, Optional.of(table));
                    return Optional.of(table);
                } catch (RuntimeException e) {
                    LOG.errorf("Piracy tablebase %s cannot be read (%s); the search plays instead", file, e.getMessage());
                    tables.put(file, Optional.empty());
                    return Optional.empty();
                }
            }
            tables.put(file, Optional.empty());
            long positions;
            long needed;
            try {
                positions = PiracyTablebase.positions(rules);
                needed = PiracyTablebase.heapNeeded(rules);
            } catch (InvalidInputException tooLarge) {
                LOG.infof("Piracy tablebase %s: %s The search plays instead.", file, tooLarge.getMessage());
                return Optional.empty();
            }
            if (positions > buildMaxPositions || needed > Runtime.getRuntime().maxMemory()) {
                LOG.infof("Piracy tablebase %s is missing and not built here (%,d positions, about %.1f GB of heap); "
                    + "build it with ./plyyard tablebase build. The search plays instead.", file, positions, needed / 1e9);
                return Optional.empty();
            }
            builder.submit(() -> build(rules, file));
            return Optional.empty();
        }
    }

    private void build(PiracyRules rules, Path file) {
        long start = System.nanoTime();
        try {
            LOG.infof("Piracy tablebase %s: building in the background", file);
            PiracyTablebase built = PiracyTablebase.build(rules, 1, done -> { });
            built.save(file);
            tables.put(file, Optional.of(PiracyTablebase.open(file, rules)));
            LOG.infof("Piracy tablebase %s: built in %.0f s", file, (System.nanoTime() - start) / 1e9);
        } catch (RuntimeException | OutOfMemoryError e) {
            LOG.errorf("Piracy tablebase %s could not be built (%s); the search plays instead", file, e.toString());
        }
    }

    private Path directory() {
        return directorySetting.filter(s -> !s.isBlank()).map(Path::of).orElseGet(PiracyTablebase::defaultDirectory);
    }

    @PreDestroy
    void stop() {
        builder.shutdownNow();
    }
}
