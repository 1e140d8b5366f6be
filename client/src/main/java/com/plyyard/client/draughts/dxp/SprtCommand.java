package com.plyyard.client.draughts.dxp;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.draughts.dxp.DxpOpenings.Opening;
import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.engine.InvalidInputException;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sprt}: two draughts builds play each other over DXP until a sequential probability ratio test decides
 * (docs/dxp.md). Each build's evaluation is chosen per JVM, so each side is a process of its own: per pair, A runs
 * {@code dxp match --listen 0} and B {@code dxp serve --connect} to it; A's game lines feed one {@link Sprt}, and
 * every process is stopped as soon as it decides.
 */
@Command(name = "sprt", mixinStandardHelpOptions = true,
    description = "Plays draughts build A against build B over DXP (pairs of processes side by side) until a sequential "
        + "probability ratio test accepts H1 (A is elo1 better) or H0 (A is no more than elo0 better), or --max-games.")
public class SprtCommand implements Callable<Integer> {
    /** How long a started {@code dxp match} may take to say its port. */
    static final long LISTEN_WAIT_SECONDS = 60;
    /** Lines of each child's stderr kept for the message when it fails. */
    private static final int STDERR_TAIL = 5;
    private static final Pattern LISTENING = Pattern.compile("dxp: listening on port (\\d+);.*");
    private static final Pattern GAME = Pattern.compile(
        "game=\\d+ opening=(\\S+) ours=(white|black) result=(win|draw|loss) plies=(\\d+) reason=(\\S+)");

    @Spec
    CommandSpec spec;

    @Option(names = "--a", required = true, paramLabel = "CMD",
        description = "The candidate: a command that starts a Ply Yard client, split on whitespace (no shell quoting), "
            + "e.g. \"java -jar new/plyyard.jar\".")
    String commandA;

    @Option(names = "--b", required = true, paramLabel = "CMD",
        description = "The baseline, the same way, e.g. \"java -Dplyyard.draughts.evaluation=classic -jar plyyard.jar\".")
    String commandB;

    @Option(names = "--movetime", required = true, paramLabel = "MS", description = "Both sides' time per move.")
    long movetime;

    @Option(names = "--elo0", paramLabel = "E0", defaultValue = "0",
        description = "Elo difference (A over B) of H0 (default ${DEFAULT-VALUE}).")
    double elo0;

    @Option(names = "--elo1", paramLabel = "E1", defaultValue = "5",
        description = "Elo difference (A over B) of H1 (default ${DEFAULT-VALUE}).")
    double elo1;

    @Option(names = "--alpha", paramLabel = "A", defaultValue = "0.05",
        description = "Chance of accepting H1 when H0 holds (default ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--beta", paramLabel = "B", defaultValue = "0.05",
        description = "Chance of accepting H0 when H1 holds (default ${DEFAULT-VALUE}).")
    double beta;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "2",
        description = "Pairs of processes playing side by side, 1 to 16 (default ${DEFAULT-VALUE}: a 2-core machine).")
    int concurrency;

    @Option(names = "--max-games", paramLabel = "N", defaultValue = "20000",
        description = "Stop undecided after this many games (default ${DEFAULT-VALUE}).")
    int maxGames;

    @Option(names = "--openings", paramLabel = "FILE",
        description = "One opening per line, as for dxp match; default: the two-move ballots. Opening j goes to pair j mod N.")
    Path openings;

    @Option(names = "--max-plies", paramLabel = "N", defaultValue = "300",
        description = "A game this long is adjudicated a draw (default ${DEFAULT-VALUE}).")
    int maxPlies;

    @Option(names = "--pdn-dir", paramLabel = "DIR", defaultValue = "sprt-games",
        description = "Where each pair's games go, as pair-<k>.pdn (default ${DEFAULT-VALUE}).")
    Path pdnDir;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
        description = "Search threads of each side (default ${DEFAULT-VALUE}).")
    int threads;

    @Override
    public Integer call() throws InterruptedException {
        List<String> a = split(commandA, "--a");
        List<String> b = split(commandB, "--b");
        checkOptions();
        List<Opening> lines;
        try {
            lines = openings == null ? DxpOpenings.ballots() : DxpOpenings.read(Files.readAllLines(openings));
        } catch (IOException e) {
            throw CliException.badInput("Cannot read the openings file " + openings + ": " + e.getMessage());
        } catch (InvalidInputException e) {
            throw CliException.badInput("The openings file " + openings + ": " + e.getMessage());
        }
        int pairs = Math.min(concurrency, lines.size()); // a pair needs an opening of its own
        int perPair = (maxGames + pairs - 1) / pairs;
        perPair += perPair % 2; // each opening with both colours
        Path temp;
        try {
            Files.createDirectories(pdnDir);
            temp = Files.createTempDirectory("plyyard-sprt");
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "Cannot create " + pdnDir + " or a temporary directory: "
                + e.getMessage() + ".");
        }
        Sprt sprt = new Sprt(elo0, elo1, alpha, beta);
        Tally tally = new Tally(sprt, maxGames, spec.commandLine().getOut());
        List<Pair> started = new ArrayList<>();
        Thread onExit = new Thread(() -> started.forEach(Pair::stop));
        Runtime.getRuntime().addShutdownHook(onExit); // Ctrl-C stops the children too
        try {
            for (int k = 1; k <= pairs && tally.failure() == null; k++) {
                Path slice = temp.resolve("openings-" + k + ".txt");
                List<String> mine = new ArrayList<>();
                for (int j = k - 1; j < lines.size(); j += pairs) {
                    mine.add(lines.get(j).label());
                }
                try {
                    Files.write(slice, mine, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new CliException(CliException.FAILED, "Cannot write " + slice + ": " + e.getMessage() + ".");
                }
                Pair pair = new Pair(k, perPair, tally);
                started.add(pair);
                pair.start(a, b, slice, pdnDir.resolve("pair-" + k + ".pdn").toAbsolutePath());
            }
            tally.awaitEnd();
        } finally {
            tally.stopCounting();
            started.forEach(Pair::stop);
            removeHook(onExit);
            deleteQuietly(temp);
        }
        if (tally.failure() != null) {
            throw new CliException(CliException.FAILED, tally.failure());
        }
        PrintWriter out = spec.commandLine().getOut();
        Sprt.Counts c = tally.counts();
        double llr = sprt.llr(c);
        out.println(new MatchSummary(c.games(), c.wins(), c.draws(), c.losses()).line());
        out.println(String.format(Locale.ROOT, "sprt llr=%.2f lower=%.2f upper=%.2f elo0=%.1f elo1=%.1f alpha=%.2f beta=%.2f "
            + "decision=%s", llr, sprt.lower(), sprt.upper(), elo0, elo1, alpha, beta, tally.decision().label()));
        out.flush();
        return 0;
    }

    private void checkOptions() {
        if (!(elo1 > elo0)) {
            throw CliException.badInput("--elo1 must be greater than --elo0, not " + elo1 + " with --elo0 " + elo0 + ".");
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw CliException.badInput("--alpha must be between 0 and 0.5 (exclusive), not " + alpha + ".");
        }
        if (!(beta > 0 && beta < 0.5)) {
            throw CliException.badInput("--beta must be between 0 and 0.5 (exclusive), not " + beta + ".");
        }
        if (concurrency < 1 || concurrency > 16) {
            throw CliException.badInput("--concurrency must be 1 to 16, not " + concurrency + ".");
        }
        DxpCommand.checkMoveTime(movetime);
        if (maxGames < 1) {
            throw CliException.badInput("--max-games must be at least 1, not " + maxGames + ".");
        }
        if (maxPlies < 1) {
            throw CliException.badInput("--max-plies must be at least 1, not " + maxPlies + ".");
        }
        DxpCommand.checkThreads(threads);
    }

    private static List<String> split(String command, String option) {
        String text = command == null ? "" : command.strip();
        if (text.isEmpty()) {
            throw CliException.badInput(option + " must be a command that starts a Ply Yard client, e.g. \"java -jar "
                + "plyyard.jar\", not empty.");
        }
        return Arrays.asList(text.split("\\s+"));
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is shutting down: the hook runs anyway
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted((x, y) -> y.getNameCount() - x.getNameCount()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind
        }
    }

    /**
     * The games counted so far over all pairs, under one lock: each game line is printed and the test decided in the
     * same step, so the lines come out in the order they were counted and nothing is counted after the decision.
     */
    static final class Tally {
        private final Sprt sprt;
        private final int maxGames;
        private final PrintWriter out;
        private Sprt.Counts counts = new Sprt.Counts(0, 0, 0);
        private Sprt.Decision decision;
        private String failure;
        private boolean counting = true;

        Tally(Sprt sprt, int maxGames, PrintWriter out) {
            this.sprt = sprt;
            this.maxGames = maxGames;
            this.out = out;
        }

        synchronized void game(int pair, String opening, String colour, String result, String plies, String reason) {
            if (!counting) {
                return; // in flight when the test decided
            }
            counts = counts.plus(result);
            double llr = sprt.llr(counts);
            out.println(String.format(Locale.ROOT, "game=%d pair=%d opening=%s a=%s result=%s plies=%s reason=%s llr=%.2f",
                counts.games(), pair, opening, colour, result, plies, reason, llr));
            out.flush();
            Sprt.Decision d = sprt.decide(llr);
            if (d == null && counts.games() >= maxGames) {
                d = Sprt.Decision.NONE;
            }
            if (d != null) {
                decision = d;
                counting = false;
                notifyAll();
            }
        }

        /** The first failure ends the run; later ones (the other children going down with it) are not news. */
        synchronized void fail(String sentence) {
            if (!counting) {
                return;
            }
            failure = sentence;
            counting = false;
            notifyAll();
        }

        /** True while the run goes on: a child's exit then is a failure. */
        synchronized boolean counting() {
            return counting;
        }

        synchronized void stopCounting() {
            counting = false;
        }

        synchronized void awaitEnd() throws InterruptedException {
            while (counting) {
                wait();
            }
        }

        synchronized Sprt.Counts counts() {
            return counts;
        }

        synchronized Sprt.Decision decision() {
            return decision;
        }

        synchronized String failure() {
            return failure;
        }
    }

    /** A child's stderr, drained as it comes so the child never blocks on it, its last lines kept for a failure. */
    static final class StderrTail {
        private final Deque<String> last = new ArrayDeque<>();
        private final CompletableFuture<Integer> port = new CompletableFuture<>();
        private final Thread drainer;

        StderrTail(InputStream stream, String name) {
            drainer = new Thread(() -> drain(stream), name);
            drainer.setDaemon(true);
            drainer.start();
        }

        private void drain(InputStream stream) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (last) {
                        last.addLast(line);
                        if (last.size() > STDERR_TAIL) {
                            last.removeFirst();
                        }
                    }
                    Matcher m = LISTENING.matcher(line);
                    if (!port.isDone() && m.matches()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
            } catch (IOException ignored) {
                // the child is gone
            }
            port.completeExceptionally(new IOException("its stderr ended without the listening line"));
        }

        /** The port a {@code dxp match --listen 0} says on its first stderr line. */
        int port(long seconds) throws InterruptedException, TimeoutException, ExecutionException {
            return port.get(seconds, TimeUnit.SECONDS);
        }

        /** The last lines, joined by " | ", after waiting a moment for a child that just exited to flush them. */
        String lastLines() {
            try {
                drainer.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (last) {
                return last.isEmpty() ? "(nothing)" : String.join(" | ", last);
            }
        }
    }

    /** One A process ({@code dxp match --listen 0}) and the B process ({@code dxp serve --connect}) that plays it. */
    final class Pair {
        private final int number;
        private final int games;
        private final Tally tally;
        private volatile Process a;
        private volatile Process b;
        private volatile boolean done;

        Pair(int number, int games, Tally tally) {
            this.number = number;
            this.games = games;
            this.tally = tally;
        }

        void start(List<String> commandA, List<String> commandB, Path slice, Path pdn) throws InterruptedException {
            List<String> match = new ArrayList<>(commandA);
            match.addAll(List.of("dxp", "match", "--listen", "0", "--games", Integer.toString(games), "--movetime",
                Long.toString(movetime), "--max-plies", Integer.toString(maxPlies), "--threads", Integer.toString(threads),
                "--openings", slice.toAbsolutePath().toString(), "--pdn", pdn.toString()));
            a = launch(match, "A");
            StderrTail errA = new StderrTail(a.getErrorStream(), "sprt-pair-" + number + "-a-stderr");
            int port;
            try {
                port = errA.port(LISTEN_WAIT_SECONDS);
            } catch (TimeoutException e) {
                tally.fail(describe("A", match) + " did not say its port on stderr within " + LISTEN_WAIT_SECONDS
                    + " s; its stderr ended: " + errA.lastLines() + ".");
                return;
            } catch (ExecutionException e) {
                tally.fail(exited("A", match, a, errA));
                return;
            }
            List<String> serve = new ArrayList<>(commandB);
            serve.addAll(List.of("dxp", "serve", "--connect", "127.0.0.1:" + port, "--movetime", Long.toString(movetime),
                "--threads", Integer.toString(threads)));
            b = launch(serve, "B");
            StderrTail errB = new StderrTail(b.getErrorStream(), "sprt-pair-" + number + "-b-stderr");
            b.onExit().thenAccept(p -> {
                // B ends with code 0 after A's last game (A says so); A notices any other way it goes away
                if (p.exitValue() != 0 && !done && tally.counting()) {
                    tally.fail(exited("B", serve, p, errB));
                }
            });
            Thread reader = new Thread(() -> readGames(match, errA), "sprt-pair-" + number + "-games");
            reader.setDaemon(true);
            reader.start();
        }

        private Process launch(List<String> command, String side) {
            try {
                return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            } catch (IOException e) {
                throw new CliException(CliException.FAILED, describe(side, command) + " cannot start: " + e.getMessage() + ".");
            }
        }

        private void readGames(List<String> match, StderrTail errA) {
            int seen = 0;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(a.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    Matcher m = GAME.matcher(line);
                    if (m.matches()) {
                        seen++;
                        tally.game(number, m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
                    }
                }
            } catch (IOException ignored) {
                // stopped: the pipe went away with the process
            }
            try {
                a.waitFor();
            } catch (InterruptedException e) {
                return;
            }
            if (a.exitValue() == 0 && seen >= games) {
                done = true; // its share of --max-games played; the others count the rest
            } else if (tally.counting()) {
                tally.fail(exited("A", match, a, errA));
            }
        }

        private String describe(String side, List<String> command) {
            return "Pair " + number + ": " + side + "'s command '" + String.join(" ", command) + "'";
        }

        private String exited(String side, List<String> command, Process p, StderrTail err) {
            String code;
            try {
                code = Integer.toString(p.waitFor());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                code = "unknown";
            }
            return describe(side, command) + " exited with code " + code + " before the test decided; the last lines of its "
                + "stderr: " + err.lastLines() + ".";
        }

        /** Stops both processes and whatever they started, and waits a little for them to go. */
        void stop() {
            for (Process p : new Process[] {b, a}) {
                if (p == null) {
                    continue;
                }
                // the descendants first, while they are still known as such (and their parent can reap them)
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
            }
            for (Process p : new Process[] {b, a}) {
                if (p == null) {
                    continue;
                }
                try {
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    p.destroyForcibly();
                }
            }
        }
    }
}
