package com.plyyard.client.bench;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.TlsArgs;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
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
 * With {@code --matches}, {@code --duration} or {@code --watchers-per-match}: a sustained run ({@link SustainedLoad}),
 * whose last line is
 * <pre>
 * moves=&lt;n&gt; moves_per_s=&lt;x&gt; submit_p99_ms=&lt;x&gt; event_p99_ms=&lt;x&gt; watchers=&lt;n&gt; errors=&lt;n&gt; cpu_ms_per_move=&lt;x&gt;
 * </pre>
 * ({@code cpu_ms_per_move}, appended by issue 32: the lobby instances' CPU per move in the window, from their metrics;
 * NaN when one could not be read.)
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Load generators for the running services.",
    subcommands = {BenchCommand.Lobby.class, BenchCommand.SignIn.class})
public class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing target: bench lobby or bench signin.");
    }

    /**
     * {@code bench signin}: a storm of sign-ins ({@link SignInLoad}). Output (stable):
     * <pre>
     * sign_ins=&lt;n&gt; wrong_passwords=&lt;n&gt; unknown_names=&lt;n&gt; sign_ins_per_s=&lt;x&gt; busy=&lt;n&gt; limited=&lt;n&gt; errors=&lt;n&gt; seconds=&lt;s&gt;
     * sign_in_ms p50=&lt;x&gt; p95=&lt;x&gt; p99=&lt;x&gt; max=&lt;x&gt;
     * wrong_password_ms p50=&lt;x&gt; p95=&lt;x&gt; p99=&lt;x&gt; max=&lt;x&gt;
     * unknown_name_ms p50=&lt;x&gt; p95=&lt;x&gt; p99=&lt;x&gt; max=&lt;x&gt;
     * server_hash_check_ms mean=&lt;x&gt; checks=&lt;n&gt;
     * </pre>
     * {@code sign_ins_per_s} counts the answered attempts of every kind; {@code busy} the refusals of a full hashing queue,
     * {@code limited} those of the sign-in limits.
     */
    @Command(name = "signin", mixinStandardHelpOptions = true,
        description = "Signs in to lobby-service from many clients at once and reports sign-ins/s and their latency.")
    public static class SignIn implements Runnable {
        @Spec
        CommandSpec spec;

        @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
            description = "lobby-service (default ${DEFAULT-VALUE}; plain text).")
        String target;

        @Option(names = "--accounts", defaultValue = "20", description = "Accounts signed up first (default ${DEFAULT-VALUE}).")
        int accounts;

        @Option(names = "--clients", defaultValue = "8", description = "Callers signing in at once (default ${DEFAULT-VALUE}).")
        int clients;

        @Option(names = "--duration", defaultValue = "30s", paramLabel = "TIME",
            description = "How long (default ${DEFAULT-VALUE}).")
        String duration;

        @Option(names = "--unknown-share", defaultValue = "0.25",
            description = "Share of sign-ins with a name that does not exist (default ${DEFAULT-VALUE}).")
        double unknownShare;

        @Option(names = "--wrong-share", defaultValue = "0.25",
            description = "Share of sign-ins with an existing name and a wrong password (default ${DEFAULT-VALUE}).")
        double wrongShare;

        @Option(names = "--addresses", defaultValue = "1", description = "Loopback addresses the clients connect from "
            + "(127.0.0.2, …; a local lobby only), so per-address limits see many machines (default ${DEFAULT-VALUE}).")
        int addresses;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the choices (default ${DEFAULT-VALUE}).")
        long seed;

        @Override
        public void run() {
            String[] hp = Lobby.hostPort(target);
            Duration d = Lobby.parseDuration("--duration", duration);
            if (accounts < 1 || clients < 1 || addresses < 1 || addresses > 250 || d.isZero() || unknownShare < 0
                || wrongShare < 0 || unknownShare + wrongShare > 1) {
                throw CliException.badInput("--accounts and --clients must be at least 1, --addresses 1 to 250, "
                    + "--unknown-share and --wrong-share at least 0 and together at most 1, --duration more than 0.");
            }
            PrintWriter out = spec.commandLine().getOut();
            try {
                SignInLoad.Result r = new SignInLoad(hp[0], Integer.parseInt(hp[1])).run(new SignInLoad.Plan(accounts,
                    clients, d, unknownShare, wrongShare, addresses, seed));
                out.println(String.format(Locale.ROOT, "sign_ins=%d wrong_passwords=%d unknown_names=%d sign_ins_per_s=%.1f "
                    + "busy=%d limited=%d errors=%d seconds=%.1f", r.rightSignIns(), r.wrongPasswords(), r.unknownNames(),
                    (r.rightSignIns() + r.wrongPasswords() + r.unknownNames()) / r.seconds(), r.busy(), r.limited(),
                    r.errors(), r.seconds()));
                out.println("sign_in_ms " + Lobby.summary(r.rightMicros()));
                out.println("wrong_password_ms " + Lobby.summary(r.wrongMicros()));
                out.println("unknown_name_ms " + Lobby.summary(r.unknownMicros()));
                out.println(String.format(Locale.ROOT, "server_hash_check_ms mean=%.2f checks=%d", r.serverCheckMillis(),
                    r.serverChecks()));
                out.flush();
            } catch (StatusRuntimeException e) {
                throw new CliException(1, "lobby-service at " + target + " answered " + e.getStatus().getCode() + ": "
                    + e.getStatus().getDescription(), true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Command(name = "lobby", mixinStandardHelpOptions = true,
        description = "Plays many matches through lobby-service at once and reports SubmitMove latency and throughput.")
    public static class Lobby implements Runnable {
        @Spec
        CommandSpec spec;

        @Option(names = "--target", paramLabel = "HOST:PORT",
            description = "lobby-service host:port (default localhost:7070); repeat it to spread a sustained run's clients "
                + "over several instances.")
        List<String> targets;

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

        @Option(names = "--matches", description = "Sustained run: matches kept in play at once (default 8).")
        Integer matches;

        @Option(names = "--duration", paramLabel = "TIME",
            description = "Sustained run: how long to measure, e.g. 60s, 2m (default 60s).")
        String duration;

        @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "10s",
            description = "Sustained run: load before measuring, not counted (default ${DEFAULT-VALUE}).")
        String warmup;

        @Option(names = "--watchers-per-match", description = "Sustained run: spectators per match (default 0).")
        Integer watchersPerMatch;

        @Option(names = "--lobby-watchers", description = "Sustained run: WatchLobby streams kept open, each of a player "
            + "of its own (default 0).")
        Integer lobbyWatchers;

        @Option(names = "--think", paramLabel = "TIME", description = "Sustained run: a player's wait before each of "
            + "its moves, e.g. 3s, each drawn between half and one and a half times it (default 0s: the next move as "
            + "soon as the last is answered).")
        String think;

        @Override
        public void run() {
            List<String> where = targets == null || targets.isEmpty() ? List.of("localhost:7070") : targets;
            where.forEach(Lobby::hostPort);
            if (matches != null || duration != null || watchersPerMatch != null || lobbyWatchers != null
                || think != null) {
                sustained(where);
                return;
            }
            if (games < 1 || concurrency < 1 || maxPlies < 1) {
                throw CliException.badInput("--games, --concurrency and --max-plies must be at least 1.");
            }
            if (where.size() > 1) {
                throw CliException.badInput("--games runs take one --target; a sustained run (--matches, --duration) "
                    + "spreads its clients over several.");
            }
            String target = where.get(0);
            String[] hostPort = hostPort(target);
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

        static String[] hostPort(String target) {
            String[] hostPort = target.split(":");
            if (hostPort.length != 2 || !hostPort[1].matches("\\d+")) {
                throw CliException.badInput("--target must be host:port, not '" + target + "'.");
            }
            return hostPort;
        }

        /** A sustained run: the plan from the options, a line per figure, the summary line last. */
        private void sustained(List<String> where) {
            int n = matches == null ? 8 : matches;
            int k = watchersPerMatch == null ? 0 : watchersPerMatch;
            int lobby = lobbyWatchers == null ? 0 : lobbyWatchers;
            Duration measured = parseDuration("--duration", duration == null ? "60s" : duration);
            Duration warm = parseDuration("--warmup", warmup);
            Duration pause = think == null ? Duration.ZERO : parseDuration("--think", think);
            if (n < 1 || k < 0 || lobby < 0 || maxPlies < 1 || measured.isZero() || pause.isNegative()) {
                throw CliException.badInput("--matches and --max-plies must be at least 1, --watchers-per-match, "
                    + "--lobby-watchers and --think at least 0, --duration more than 0.");
            }
            // HTTP/2 servers cap the streams of one connection (Vert.x: 100 by default): about 50 per connection here
            int streamsPerTarget = (n * (k + 1) + lobby + where.size() - 1) / where.size();
            int connections = Math.max(1, Math.min(256, (streamsPerTarget + 49) / 50));
            List<SustainedLoad.Target> targetList = new ArrayList<>();
            List<ServerMetrics> metrics = new ArrayList<>();
            boolean secure = tls.clientTls().enabled();
            PrintWriter out = spec.commandLine().getOut();
            try {
                for (String t : where) {
                    String[] hp = hostPort(t);
                    List<ManagedChannel> channels = new ArrayList<>();
                    for (int i = 0; i < connections; i++) {
                        channels.add(tls.clientTls().channel(hp[0], Integer.parseInt(hp[1])));
                    }
                    targetList.add(new SustainedLoad.Target(t, channels));
                    metrics.add(new ServerMetrics(t, secure ? "https" : "http"));
                }
                SustainedLoad load = new SustainedLoad(targetList);
                load.onMeasuring(() -> metrics.forEach(ServerMetrics::markWindow));
                load.onMeasured(() -> metrics.forEach(ServerMetrics::markWindowEnd));
                metrics.forEach(ServerMetrics::start);
                SustainedLoad.Result r = load.run(new SustainedLoad.Plan(n, k, measured, warm, variant, maxPlies, seed,
                    lobby, pause));
                List<ServerMetrics.Usage> usage = metrics.stream().map(ServerMetrics::stop).toList();
                double submitP99 = r.submitMicros().getValueAtPercentile(99) / 1000.0;
                double eventP99 = r.eventMicros().getValueAtPercentile(99) / 1000.0;
                out.println(String.format(Locale.ROOT, "matches=%d watchers_per_match=%d targets=%d connections=%d "
                    + "warmup_s=%.0f measured_s=%.1f", n, k, where.size(), connections * where.size(),
                    warm.toMillis() / 1000.0, r.seconds()) + (pause.isZero() ? "" : " think_ms=" + pause.toMillis()));
                out.println("submit_move_ms " + summary(r.submitMicros()));
                out.println("event_ms " + summary(r.eventMicros()) + " events=" + r.eventMicros().getTotalCount());
                out.println("errors_by_status " + (r.errors().isEmpty() ? "none" : r.errors().entrySet().stream()
                    .map(e -> e.getKey().replace(' ', '_') + "=" + e.getValue()).collect(Collectors.joining(" "))));
                if (lobby > 0) {
                    out.println("lobby_watchers open=" + r.lobbyWatchers() + " events=" + r.lobbyEvents());
                }
                double rate = r.moves() / r.seconds();
                usage.forEach(u -> out.println(u.line(rate)));
                out.println(String.format(Locale.ROOT, "moves=%d moves_per_s=%.1f submit_p99_ms=%.2f event_p99_ms=%.2f "
                    + "watchers=%d errors=%d cpu_ms_per_move=%.2f", r.moves(), rate, submitP99,
                    k == 0 ? 0.0 : eventP99, r.watchers(), r.errorCount(), lobbyCpuPerMove(usage, rate)));
                out.flush();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (CliException e) {
                throw e;
            } catch (Exception e) {
                throw new CliException(1, "the load run failed: " + e, true);
            } finally {
                metrics.forEach(ServerMetrics::stop);
                for (SustainedLoad.Target t : targetList) {
                    t.channels().forEach(ManagedChannel::shutdownNow);
                }
            }
        }

        /**
         * The lobby's CPU milliseconds per move: the CPU every instance measured spent in the window (a target named
         * twice counted once), over the moves; NaN when an instance's CPU time could not be read.
         */
        public static double lobbyCpuPerMove(List<ServerMetrics.Usage> usage, double movesPerSecond) {
            Map<String, Double> cores = new LinkedHashMap<>();
            for (ServerMetrics.Usage u : usage) {
                cores.put(u.target(), u.samples() == 0 ? Double.NaN : u.cpuCores());
            }
            double sum = cores.isEmpty() ? Double.NaN : 0;
            for (double c : cores.values()) {
                sum += c;
            }
            return movesPerSecond > 0 ? sum * 1000 / movesPerSecond : Double.NaN;
        }

        /** 60s, 2m, 500ms, or a number of seconds. */
        public static Duration parseDuration(String option, String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            try {
                if (t.endsWith("ms")) {
                    return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
                }
                if (t.endsWith("s")) {
                    return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
                }
                if (t.endsWith("m")) {
                    return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
                }
                return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
            } catch (NumberFormatException | ArithmeticException e) {
                throw CliException.badInput(option + " takes a time such as 60s, 2m or 500ms, not '" + text + "'.");
            }
        }

        static String summary(Histogram micros) {
            if (micros.getTotalCount() == 0) {
                return "p50=NaN p95=NaN p99=NaN max=NaN";
            }
            return String.format(Locale.ROOT, "p50=%.2f p95=%.2f p99=%.2f max=%.2f", micros.getValueAtPercentile(50) / 1000.0,
                micros.getValueAtPercentile(95) / 1000.0, micros.getValueAtPercentile(99) / 1000.0,
                micros.getMaxValue() / 1000.0);
        }

        private static String summary(List<Double> values) {
            return String.format(Locale.ROOT, "p50=%.2f p95=%.2f p99=%.2f max=%.2f", LobbyLoad.percentile(values, 50),
                LobbyLoad.percentile(values, 95), LobbyLoad.percentile(values, 99), LobbyLoad.percentile(values, 100));
        }
    }
}
