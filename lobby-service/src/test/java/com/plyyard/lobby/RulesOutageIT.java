package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.Match;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** rules-service stops: the lobby answers UNAVAILABLE naming it, and the match is unchanged. */
@QuarkusTest
class RulesOutageIT extends LobbyTestBase {
    @Test
    void unreachableRulesServiceChangesNothing() {
        TestPlayer w = register("out-w");
        TestPlayer b = register("out-b");
        Match m = started("draughts:fmjd", clock(0, 0), w, b);
        String before = stored(m.getId());
        // stop the rules-service the test resource started (a child of this JVM, by its pid)
        awaitReadiness(200, Duration.ofSeconds(10));
        Processes.stopChildOnPort(rulesPort);
        try {
            // degraded: not ready (a balancer sends players elsewhere), but alive (no restart would help)
            var ready = health("ready");
            assertEquals(503, ready.getKey(), ready.getValue());
            assertTrue(ready.getValue().contains("rules-service") && ready.getValue().contains("DOWN"), ready.getValue());
            assertEquals(200, health("live").getKey());
            String d = assertStatus(Status.Code.UNAVAILABLE, () -> w.move(m, "32-28"));
            assertTrue(d.contains("rules-service"), d);
            assertEquals(before, stored(m.getId()));
            assertStatus(Status.Code.UNAVAILABLE, () -> w.matches().createMatch(
                CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").build()));
            assertStatus(Status.Code.UNAVAILABLE, () -> b.matches().resign(TestPlayer.action(m)));
            assertEquals(before, stored(m.getId()));
        } finally {
            new RulesServiceProcess(rulesPort, Path.of("target", "test-logs", "rules-service-restarted.log")).start();
        }
        awaitReadiness(200, Duration.ofSeconds(20));
        Match after = retryMove(w, m, Duration.ofSeconds(10));
        assertEquals(m.getVersion() + 1, after.getVersion());
    }

    private Match retryMove(TestPlayer w, Match m, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            try {
                return w.move(m, "32-28");
            } catch (io.grpc.StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAVAILABLE || System.nanoTime() > deadline) {
                    throw e;
                }
                Processes.sleep(300);
            }
        }
    }
}
