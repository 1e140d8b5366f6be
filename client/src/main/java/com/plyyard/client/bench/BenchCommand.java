package com.plyyard.client.bench;

import com.plyyard.client.CliException;
import com.plyyard.client.TlsArgs;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench lobby}: the lobby load generator. Output (stable):
 * <pre>
 * games=&lt;n&gt; moves=&lt;n&gt; errors=&lt;n&gt; seconds=&lt;s&gt; moves_per_s=&lt;x&gt;
 * submit_move_ms p50=&lt;x&gt; p95=&lt;x&gt; p99=&lt;x&gt; max=&lt;x&gt;
 * event_fanout_ms p50=&lt;x&gt; p95=&lt;x&gt; p99=&lt;x&gt; max=&lt;x&gt;      (with --watch)
 * </pre>
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Load generators for the running services.",
    subcommands = {BenchCommand.Lobby.class})
public class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing target: bench lobby.");
    }

    @Command(name = "lobby", mixinStandardHelpOptions = true,
        description = "Plays many matches through lobby-service at once and reports SubmitMove latency and throughput.")
    public static class Lobby implements Runnable {
        @Spec
        CommandSpec spec;

        @Option(names = "--target", defaultValue = "localhost:7070", description = "lobby-service host:port (default ${DEFAULT-VALUE}).")
        String target;

        @Mixin
        TlsArgs tls = new TlsArgs();

        @Option(names = "--games", defaultValue = "40", description = "Matches to play (default ${DEFAULT-VALUE}).")
        int games;

        @Option(names = "--concurrency", defaultValue = "8", description = "Matches played at once (default ${DEFAULT-VALUE}).")
        int concurrency;

        @Option(names = "--variant", defaultValue = "draughts:fmjd", description = "Two-player variant (default ${DEFAULT-VALUE}).")
        String variant;

        @Option(names = "--max-plies", defaultValue = "60", description = "Resign after this many plies (default ${DEFAULT-VALUE}).")
        int maxPlies;

        @Option(names = "--watch", description = "A spectator per match measures event fan-out.")
        boolean watch;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the move choices (default ${DEFAULT-VALUE}).")
        long seed;

        @Override
        public void run() {
            if (games < 1 || concurrency < 1 || maxPlies < 1) {
                throw CliException.badInput("--games, --concurrency and --max-plies must be at least 1.");
            }
            String[] hostPort = target.split(":");
            if (hostPort.length != 2 || !hostPort[1].matches("\\d+")) {
                throw CliException.badInput("--target must be host:port, not '" + target + "'.");
            }
            ManagedChannel channel = tls.clientTls().channel(hostPort[0], Integer.parseInt(hostPort[1]));
            PrintWriter out = spec.commandLine().getOut();
            try {
                LobbyLoad.Result r = new LobbyLoad(channel).run(new LobbyLoad.Plan(games, concurrency, variant, maxPlies,
                    watch, seed));
                out.println(String.format(Locale.ROOT, "games=%d moves=%d errors=%d seconds=%.1f moves_per_s=%.1f",
                    r.games(), r.moves(), r.errors(), r.seconds(), r.moves() / r.seconds()));
                out.println("submit_move_ms " + summary(r.submitMillis()));
                if (watch) {
                    out.println("event_fanout_ms " + summary(r.fanoutMillis()));
                }
                out.flush();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof StatusRuntimeException s) {
                    throw new CliException(1, "lobby-service at " + target + " answered " + s.getStatus().getCode() + ": "
                        + s.getStatus().getDescription(), true);
                }
                throw new CliException(1, "the load run failed: " + cause, true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new CliException(1, "the load run failed: " + e, true);
            } finally {
                channel.shutdownNow();
                try {
                    channel.awaitTermination(2, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        private static String summary(List<Double> values) {
            return String.format(Locale.ROOT, "p50=%.2f p95=%.2f p99=%.2f max=%.2f", LobbyLoad.percentile(values, 50),
                LobbyLoad.percentile(values, 95), LobbyLoad.percentile(values, 99), LobbyLoad.percentile(values, 100));
        }
    }
}
