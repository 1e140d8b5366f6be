package com.plyyard.client.draughts.train;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.draughts.DraughtsFeatures;
import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsTablebase;
import com.plyyard.engine.draughts.PatternEvaluation;
import com.plyyard.engine.search.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code train}: fits the draughts pattern evaluation ({@code com.plyyard.engine.draughts.PatternEvaluation}) in two
 * steps, {@code train games} (self-play positions labelled with their games' results) and {@code train fit}
 * (logistic regression, writing a weights file). docs/draughts-evaluation.md tells the whole loop.
 */
@Command(name = "train", mixinStandardHelpOptions = true,
    description = "Fits the draughts pattern evaluation from self-play games (train games, then train fit).",
    subcommands = {TrainCommand.Games.class, TrainCommand.Fit.class})
public class TrainCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw CliException.badInput("train needs a subcommand: games or fit (see plyyard train --help).");
    }

    /**
     * {@code train games}: on stderr a line saying whether games end at an endgame table, one line per hundred games;
     * then
     * {@code games=<n> positions=<p> white_wins=<w> draws=<d> black_wins=<b> seconds=<s>}.
     */
    @Command(name = "games", mixinStandardHelpOptions = true,
        description = "Plays self-play games of draughts:fmjd at a fixed node count and appends their quiet positions, "
            + "labelled with each game's result, to --out.")
    public static class Games implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--games", required = true, paramLabel = "N", description = "Games to play.")
        int games;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "File to append the positions to.")
        Path out;

        @Option(names = "--nodes", paramLabel = "N", defaultValue = "4000",
            description = "Nodes searched per move (default ${DEFAULT-VALUE}).")
        long nodes;

        @Option(names = "--random-plies", paramLabel = "N", defaultValue = "8",
            description = "Each game opens with between N/2 and N random plies (default ${DEFAULT-VALUE}).")
        int randomPlies;

        @Option(names = "--max-plies", paramLabel = "N", defaultValue = "300",
            description = "A game still going after N plies is adjudicated a draw (default ${DEFAULT-VALUE}).")
        int maxPlies;

        @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Games played at once (default ${DEFAULT-VALUE}).")
        int threads;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the random openings.")
        long seed;

        @Option(names = "--quiet", paramLabel = "WHO", defaultValue = "mover",
            description = "Keep a position when the side to move has no capture (mover, the default) or only when "
                + "neither side has one (both).")
        String quiet;

        @Override
        public Integer call() throws Exception {
            if (games < 1 || nodes < 1 || randomPlies < 0 || maxPlies < 1 || threads < 1) {
                throw CliException.badInput("--games, --nodes, --max-plies and --threads must be at least 1 and "
                    + "--random-plies at least 0.");
            }
            SelfPlayPositions.Quiet keep = switch (quiet) {
                case "both" -> SelfPlayPositions.Quiet.BOTH;
                case "mover" -> SelfPlayPositions.Quiet.MOVER;
                default -> throw CliException.badInput("--quiet is both or mover, not '" + quiet + "'.");
            };
            PrintWriter err = spec.commandLine().getErr();
            Optional<DraughtsTablebase> table = DraughtsTablebase.played(DraughtsRuleSet.FMJD);
            err.println(table.map(t -> "train: games end at the endgame table of up to " + t.pieces() + " pieces")
                .orElse("train: playing every game out (no endgame table; see plyyard tablebase build)"));
            err.flush();
            AtomicInteger next = new AtomicInteger();
            int[] results = new int[3];
            long[] positions = {0};
            // games are written in their order, whatever thread finished first: the file depends on the seed alone
            Map<Integer, TrainingPositions> finished = new HashMap<>();
            int[] written = {0};
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> workers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    workers.add(pool.submit(() -> {
                        SelfPlayPositions player = new SelfPlayPositions(new Engine(16), nodes, maxPlies, keep, table);
                        for (int g = next.getAndIncrement(); g < games; g = next.getAndIncrement()) {
                            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + g); // per game: reproducible
                            int plies = randomPlies / 2 + random.nextInt(randomPlies - randomPlies / 2 + 1);
                            TrainingPositions found = new TrainingPositions();
                            int result = player.play(random, plies, found);
                            synchronized (results) {
                                finished.put(g, found);
                                for (TrainingPositions due; (due = finished.remove(written[0])) != null; written[0]++) {
                                    due.appendTo(out);
                                }
                                results[result]++;
                                positions[0] += found.size;
                                int done = results[0] + results[1] + results[2];
                                if (done % 100 == 0) {
                                    err.println("games " + done + "/" + games + ", positions " + positions[0]);
                                    err.flush();
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> w : workers) {
                    w.get();
                }
            } finally {
                pool.shutdownNow();
            }
            PrintWriter outLine = spec.commandLine().getOut();
            outLine.printf("games=%d positions=%d white_wins=%d draws=%d black_wins=%d seconds=%d%n", games,
                positions[0], results[2], results[1], results[0], (System.nanoTime() - start) / 1_000_000_000L);
            outLine.flush();
            return 0;
        }
    }

    /**
     * {@code train fit}: one line per epoch, {@code epoch=<k> train_loss=<x> heldout_loss=<y>}, then
     * {@code best_epoch=<k>} (the epoch whose weights are written: the lowest held-out loss), then
     * {@code positions=<n> heldout=<m> man=<opening>/<endgame> king=<opening>/<endgame> out=<file>}.
     */
    @Command(name = "fit", mixinStandardHelpOptions = true,
        description = "Fits the pattern evaluation's weights to the positions of --data and writes them to --out.")
    public static class Fit implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--data", required = true, paramLabel = "FILE", description = "Positions (repeatable).")
        List<Path> data;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "Weights file to write.")
        Path out;

        @Option(names = "--epochs", paramLabel = "N", defaultValue = "8", description = "Passes (default ${DEFAULT-VALUE}).")
        int epochs;

        @Option(names = "--rate", paramLabel = "X", defaultValue = "2.0",
            description = "AdaGrad step, in hundredths of a man (default ${DEFAULT-VALUE}).")
        double rate;

        @Option(names = "--l2", paramLabel = "X", defaultValue = "0.0000001",
            description = "L2 penalty per weight (default ${DEFAULT-VALUE}).")
        double l2;

        @Option(names = "--heldout", paramLabel = "SHARE", defaultValue = "0.05",
            description = "Share of the positions (the last ones) kept out of the fit to measure it (default ${DEFAULT-VALUE}).")
        double heldout;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the pass order.")
        long seed;

        @Option(names = "--from", paramLabel = "FILE",
            description = "Start from these weights (a weights file, or 'shipped' for the jar's) instead of material alone.")
        String from;

        @Override
        public Integer call() throws IOException {
            if (epochs < 1 || rate <= 0 || l2 < 0 || heldout < 0 || heldout >= 1) {
                throw CliException.badInput("--epochs must be at least 1, --rate positive, --l2 at least 0 and "
                    + "--heldout in [0, 1).");
            }
            PatternEvaluation start = from == null ? null : startingWeights(from); // refused before the long read
            TrainingPositions positions = new TrainingPositions();
            for (Path file : data) {
                if (!Files.isRegularFile(file)) {
                    throw CliException.badInput("No such file of positions: " + file);
                }
                positions.readFrom(file);
            }
            int train = positions.size - (int) Math.round(positions.size * heldout);
            if (train < 1) {
                throw CliException.badInput("Not enough positions to fit: " + positions.size + ".");
            }
            PrintWriter log = spec.commandLine().getOut();
            EvaluationFit fit = new EvaluationFit(rate, l2);
            if (start != null) {
                fit.startFrom(start);
            }
            int kept = fit.fit(positions, train, epochs, seed, log);
            log.printf("best_epoch=%d%n", kept);
            try (OutputStream o = Files.newOutputStream(out)) {
                fit.evaluation().write(o);
            }
            int men = DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN;
            int kings = DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.KINGS;
            log.printf("positions=%d heldout=%d man=%.0f/%.0f king=%.0f/%.0f out=%s%n", positions.size,
                positions.size - train, fit.weight(true, men), fit.weight(false, men), fit.weight(true, kings),
                fit.weight(false, kings), out);
            log.flush();
            return 0;
        }

        private static PatternEvaluation startingWeights(String from) throws IOException {
            if (from.equals("shipped")) {
                return PatternEvaluation.shipped();
            }
            Path file = Path.of(from);
            if (!Files.isRegularFile(file)) {
                throw CliException.badInput("No such weights file: " + from + " (give a file, or 'shipped').");
            }
            try (InputStream in = Files.newInputStream(file)) {
                return PatternEvaluation.read(in);
            } catch (IOException e) {
                throw CliException.badInput(from + " is not a weights file: " + e.getMessage());
            }
        }
    }
}
