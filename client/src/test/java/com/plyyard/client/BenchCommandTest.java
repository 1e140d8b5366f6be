package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.bench.LobbyLoad;
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
}
