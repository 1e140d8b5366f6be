package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.ai.AiTurns;
import com.plyyard.lobby.support.AiServiceProcess;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real ai-service stops and comes back: the lobby stays alive but is not ready while it is gone (readiness
 * follows it), a match waiting for an AI seat is left as it was, and once ai-service is back the lobby's channel
 * reconnects and the waiting AI seat plays. The lobby's rules during an outage (retries that change nothing, an AI
 * seat's flag) are checked on the seam, in AiOutageTest.
 */
@QuarkusTest
class AiOutageIT extends LobbyTestBase {
    @Inject
    MeterRegistry metrics;

    @Inject
    AiTurns turns;

    private double failures() {
        return metrics.find("plyyard.lobby.ai.failures").counters().stream().mapToDouble(c -> c.count()).sum();
    }

    @Test
    void readinessFollowsAiServiceAndTheLobbyReconnects() {
        TestPlayer human = register("ai-out");
        Processes.stopChildOnPort(aiPort);
        Match waiting;
        try {
            double failuresBefore = failures();
            waiting = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(ai(1)).addSeats(me()).build());
            assertEquals(MatchStatus.MATCH_ACTIVE, waiting.getStatus(), "created although ai-service is down");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (failures() < failuresBefore + 1) { // the first attempt failed: the channel found nobody
                assertTrue(System.nanoTime() < deadline, "the lobby should have asked ai-service");
                Processes.sleep(20);
            }
            String before = stored(waiting.getId());
            assertTrue(turns.pending() >= 1, "the AI turn is pending");
            var ready = health("ready");
            assertEquals(503, ready.getKey(), "ai-service down: not ready; " + ready.getValue());
            assertTrue(ready.getValue().contains("ai-service"), ready.getValue());
            assertEquals(200, health("live").getKey(), "but alive");
            assertEquals(before, stored(waiting.getId()), "the waiting match is exactly as it was");
        } finally {
            new AiServiceProcess(aiPort, Path.of("target", "test-logs", "ai-service-restarted.log")).start();
        }
        awaitReadiness(200, Duration.ofSeconds(20));
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        Match m = human.get(waiting.getId());
        while (m.getMovesCount() == 0) {
            assertTrue(System.nanoTime() < deadline, "the AI seat should have moved once ai-service was back");
            Processes.sleep(50);
            m = human.get(waiting.getId());
        }
        assertEquals(0, m.getMoves(0).getSeat());
        assertEquals(1, mover(m), "the human's turn");
        Match over = human.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, over.getStatus());
        assertEquals(List.of(0), over.getResult().getWinnersList());
    }
}
