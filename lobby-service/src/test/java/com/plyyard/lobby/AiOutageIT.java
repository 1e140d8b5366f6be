package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.ai.AiTurns;
import com.plyyard.lobby.support.AiServiceProcess;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ai-service stops: matches waiting for an AI seat stay exactly as they are while the lobby retries (the test
 * profile caps the backoff at 2 s), an AI seat's clock runs and its flag falls like anyone's, and once ai-service
 * is back the waiting AI seat plays.
 */
@Timeout(180)
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
    void matchesWaitForAiServiceAndContinueWhenItIsBack() {
        TestPlayer human = register("ai-out");
        Processes.stopChildOnPort(aiPort);
        Match waiting;
        try {
            double failuresBefore = failures();
            waiting = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(ai(1)).addSeats(me()).build());
            Match timed = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .setTimeControl(clock(1, 0)).addSeats(ai(1)).addSeats(me()).build());
            assertEquals(MatchStatus.MATCH_ACTIVE, waiting.getStatus(), "created although ai-service is down");
            Processes.sleep(200);
            String before = stored(waiting.getId());

            // the AI cannot move: its flag falls after 1 s, a loss on time like anyone's
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (human.get(timed.getId()).getStatus() == MatchStatus.MATCH_ACTIVE) {
                assertTrue(System.nanoTime() < deadline, "the AI seat's flag should have fallen");
                Processes.sleep(50);
            }
            Match flagged = human.get(timed.getId());
            assertEquals(MatchStatus.MATCH_FINISHED, flagged.getStatus());
            assertEquals(EndReason.TIMEOUT, flagged.getResult().getReason());
            assertEquals(List.of(1), flagged.getResult().getWinnersList());
            assertEquals(0, flagged.getSeats(0).getClockMillis());
            assertEquals(0, flagged.getMovesCount());

            Processes.sleep(2500); // several attempts, at 1 s and then 2 s
            assertEquals(before, stored(waiting.getId()), "the waiting match is exactly as it was");
            assertTrue(failures() >= failuresBefore + 2, "the lobby kept trying: " + (failures() - failuresBefore));
            assertTrue(turns.pending() >= 1, "the AI turn is still pending");
            var ready = health("ready");
            assertEquals(503, ready.getKey(), "ai-service down: not ready; " + ready.getValue());
            assertTrue(ready.getValue().contains("ai-service"), ready.getValue());
            assertEquals(200, health("live").getKey(), "but alive");
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
