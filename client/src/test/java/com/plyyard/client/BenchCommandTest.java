package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.bench.BenchCommand;
import com.plyyard.client.bench.LobbyLoad;
import com.plyyard.client.bench.ServerMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchCommandTest {

    @Test
    void percentilesByNearestRank() {
        List<Double> v = List.of(5.0, 1.0, 4.0, 2.0, 3.0, 6.0, 7.0, 8.0, 9.0, 10.0);
        assertEquals(5.0, LobbyLoad.percentile(v, 50));
        assertEquals(10.0, LobbyLoad.percentile(v, 95));
        assertEquals(1.0, LobbyLoad.percentile(v, 1));
        assertEquals(10.0, LobbyLoad.percentile(v, 100));
        assertTrue(Double.isNaN(LobbyLoad.percentile(List.of(), 50)));
    }

    @Test
    void badArguments() {
        Run r = Run.of("bench", "lobby", "--games", "0");
        assertEquals(2, r.exitCode());
        assertEquals(1, r.err().size(), r.err()::toString);
        Run target = Run.of("bench", "lobby", "--target", "nowhere");
        assertEquals(2, target.exitCode());
        assertTrue(target.err().get(0).contains("host:port"), target.err().get(0));
    }

    @Test
    void anUnreachableLobbyIsOneClearLine() {
        Run r = Run.of("bench", "lobby", "--target", "localhost:1", "--games", "1", "--concurrency", "1");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).contains("lobby-service at localhost:1"), r.err().get(0));
    }

    @Test
    void signInStormArgumentsAndAnUnreachableLobby() {
        for (String[] bad : new String[][] {{"--clients", "0"}, {"--unknown-share", "1.5"}, {"--addresses", "251"},
            {"--duration", "0s"}}) {
            Run r = Run.of("bench", "signin", bad[0], bad[1]);
            assertEquals(2, r.exitCode(), bad[0]);
            assertEquals(1, r.err().size(), r.err()::toString);
        }
        Run r = Run.of("bench", "signin", "--target", "localhost:1", "--accounts", "1", "--duration", "1s");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).contains("lobby-service at localhost:1 answered UNAVAILABLE"), r.err().get(0));
    }

    @Test
    void durationsInSecondsMinutesOrMilliseconds() {
        assertEquals(java.time.Duration.ofSeconds(60), BenchCommand.Lobby.parseDuration("--duration", "60s"));
        assertEquals(java.time.Duration.ofMinutes(2), BenchCommand.Lobby.parseDuration("--duration", "2m"));
        assertEquals(java.time.Duration.ofMillis(500), BenchCommand.Lobby.parseDuration("--duration", "500ms"));
        assertEquals(java.time.Duration.ofMillis(1500), BenchCommand.Lobby.parseDuration("--duration", "1.5"));
        Run r = Run.of("bench", "lobby", "--duration", "soon");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().get(0).contains("--duration takes a time such as 60s"), r.err().get(0));
    }

    @Test
    void aGamesRunTakesOneTargetASustainedRunSeveral() {
        Run r = Run.of("bench", "lobby", "--target", "localhost:1", "--target", "localhost:2", "--games", "1");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().get(0).contains("--games runs take one --target"), r.err().get(0));
        Run bad = Run.of("bench", "lobby", "--matches", "0");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().get(0).contains("--matches and --max-plies must be at least 1"), bad.err().get(0));
        Run backwards = Run.of("bench", "lobby", "--think", "-1s");
        assertEquals(2, backwards.exitCode());
        assertTrue(backwards.err().get(0).contains("--think at least 0"), backwards.err().get(0));
    }

    @Test
    void serverFiguresFromThePrometheusText() {
        ServerMetrics.Sample s = ServerMetrics.parse("""
            # HELP process_cpu_usage The "recent cpu usage" for the Java Virtual Machine process
            # TYPE process_cpu_usage gauge
            process_cpu_usage 0.425
            system_cpu_usage 0.9
            jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.048576E7
            jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 2097152.0
            jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 5.0E7
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.001",} 10.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.004",} 60.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.25",} 99.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="+Inf",} 100.0
            plyyard_lobby_watch_event_delay_seconds_count 100.0
            """);
        assertEquals(0.425, s.processCpu(), 1e-9);
        assertEquals(0.9, s.systemCpu(), 1e-9);
        assertEquals(12 * 1024 * 1024, s.heapBytes(), 1e-3);
        assertEquals(0.004, s.eventDelayPercentile(null, 0.5), 1e-9);
        assertEquals(0.25, s.eventDelayPercentile(null, 0.99), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, s.eventDelayPercentile(null, 1.0));
        // over a window: only what the histogram gained since an earlier reading counts
        ServerMetrics.Sample earlier = ServerMetrics.parse("""
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.001",} 10.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.004",} 10.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="0.25",} 10.0
            plyyard_lobby_watch_event_delay_seconds_bucket{le="+Inf",} 10.0
            """);
        assertEquals(0.004, s.eventDelayPercentile(earlier, 0.5), 1e-9, "50 of the 90 new ones by 4 ms");
        assertEquals(0.25, s.eventDelayPercentile(earlier, 0.6), 1e-9);
        assertTrue(Double.isNaN(ServerMetrics.parse("").processCpu()));
        assertTrue(Double.isNaN(ServerMetrics.parse("").eventDelayPercentile(null, 0.99)));
        assertTrue(new ServerMetrics.Usage("h:1", 3, 0.5, 0.9, 100, 4, 250).line()
            .endsWith(" samples=3 event_delay_p50_ms=4.0 event_delay_p99_ms=250.0"));
        assertTrue(new ServerMetrics.Usage("h:1", 3, 0.5, 0.9, 100, Double.NaN, Double.NaN).line().endsWith(" samples=3"));
    }

    @Test
    void theLobbysCpuPerMoveFromItsCpuTimeOverTheWindow() {
        ServerMetrics.Sample from = ServerMetrics.parse("process_cpu_time_ns_total 2.0E10\n");
        assertEquals(2.0e10, from.cpuNanos(), 1);
        ServerMetrics.Sample to = ServerMetrics.parse("process_cpu_time_ns_total 3.5E10\n");
        // 15 s of CPU in 10 s: one and a half cores
        ServerMetrics.Sample fromAt = new ServerMetrics.Sample(Double.NaN, Double.NaN, Double.NaN, new java.util.TreeMap<>(),
            from.cpuNanos(), 5_000_000_000L);
        ServerMetrics.Sample toAt = new ServerMetrics.Sample(Double.NaN, Double.NaN, Double.NaN, new java.util.TreeMap<>(),
            to.cpuNanos(), 15_000_000_000L);
        assertEquals(1.5, toAt.cpuCoresSince(fromAt), 1e-9);
        assertTrue(Double.isNaN(toAt.cpuCoresSince(null)));
        assertTrue(Double.isNaN(ServerMetrics.parse("").cpuNanos()));

        ServerMetrics.Usage a = new ServerMetrics.Usage("h:1", 30, 0.5, 0.9, 100, Double.NaN, Double.NaN, 1.5);
        ServerMetrics.Usage b = new ServerMetrics.Usage("h:2", 30, 0.2, 0.9, 100, Double.NaN, Double.NaN, 0.5);
        assertEquals(3.0, a.cpuMillisPerMove(500), 1e-9, "1.5 cores at 500 moves/s: 3 ms a move");
        assertTrue(a.line(500).endsWith(" samples=30 cpu_ms_per_move=3.00"), a.line(500));
        assertEquals(4.0, BenchCommand.Lobby.lobbyCpuPerMove(List.of(a, b), 500), 1e-9, "two instances add up");
        assertEquals(3.0, BenchCommand.Lobby.lobbyCpuPerMove(List.of(a, a), 500), 1e-9, "a target named twice counts once");
        ServerMetrics.Usage unread = new ServerMetrics.Usage("h:3", 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN);
        assertTrue(Double.isNaN(BenchCommand.Lobby.lobbyCpuPerMove(List.of(a, unread), 500)));
        assertTrue(unread.line(500).endsWith("metrics=unavailable"));
    }
}
