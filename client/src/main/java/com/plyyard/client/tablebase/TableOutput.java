package com.plyyard.client.tablebase;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.InvalidInputException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** What every game's {@code tablebase build} shares: the cache, the heap check and the result line. */
public final class TableOutput {
    private TableOutput() {
    }

    /** The cached table, or null when there is none or it cannot be read (an older format): then it is built again. */
    public static <T> T cached(Path file, Function<Path, T> open) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return open.apply(file);
        } catch (InvalidInputException | UncheckedIOException e) {
            return null;
        }
    }

    /** Refuses a build that needs more heap than this JVM may use, naming the setting that gives it more. */
    public static void checkHeap(String table, long positions, long needed) {
        long heap = Runtime.getRuntime().maxMemory();
        if (needed > heap) {
            throw new CliException(CliException.FAILED, String.format(Locale.ROOT,
                "%s has %,d positions and needs about %.1f GB of heap to build; this JVM may use %.1f GB (set it with"
                    + " PLYYARD_TABLEBASE_HEAP, e.g. PLYYARD_TABLEBASE_HEAP=%dg).",
                table, positions, needed / 1e9, heap / 1e9, (long) Math.ceil(needed / 1e9) + 1));
        }
    }

    /** A build's one line: {@code file=… positions=… wins=… draws=… losses=… longest_win=… seconds=…[ cached=true]}. */
    public static void printBuilt(CommandSpec spec, Path file, long positions, long wins, long draws, long losses,
                                  int longestWin, long startNanos, boolean cached) {
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format(Locale.ROOT,
            "file=%s positions=%d wins=%d draws=%d losses=%d longest_win=%d seconds=%.1f%s", file, positions, wins, draws,
            losses, longestWin, (System.nanoTime() - startNanos) / 1e9, cached ? " cached=true" : ""));
        out.flush();
    }

    /** A progress bar with an estimate of the time left: redrawn in place on a terminal, a line per 5 % otherwise. */
    public static final class Progress {
        private final PrintWriter err;
        private final long total;
        private final long start = System.nanoTime();
        private final boolean terminal = System.console() != null;
        private long lastDrawn;
        private int lastStep = -1;

        public Progress(PrintWriter err, long total) {
            this.err = err;
            this.total = Math.max(1, total);
        }

        public synchronized void report(long done) {
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

        public synchronized void finish() {
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
