package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.ai.AiTurns;
import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.ScriptedEngine;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The AI is down (the scripted engine answers UNAVAILABLE to everything): matches waiting for an AI seat stay exactly as
 * they are while the lobby retries, an AI seat's clock runs and its flag falls like anyone's, and once the AI answers
 * again the waiting AI seat plays. AiOutageIT stops the real ai-service and checks what only processes show (readiness
 * follows it; the lobby reconnects).
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AiOutageTest extends LobbyTestBase {
    @Inject
    MeterRegistry metrics;

    @Inject
    AiTurns turns;

    @Inject
    ScriptedEngine engine;

    @Inject
    ManualClock clock;

    @Inject
    FlagCheck flagCheck;

    @AfterEach
    void workingEngine() {
        engine.reset();
    }

    private double failures() {
        return metrics.find("plyyard.lobby.ai.failures").counters().stream().mapToDouble(c -> c.count()).sum();
    }

    /** Waits (at most 10 s) for something the lobby does on its own threads. */
    private static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Processes.sleep(5);
        }
    }

    @Test
    void matchesWaitForTheAiAndContinueWhenItIsBack() {
        TestPlayer human = register("ai-out");
        engine.goDown("UNAVAILABLE");
        double failuresBefore = failures();
        Match waiting = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(ai(1)).addSeats(me()).build());
        Match timed = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(clock(1, 0)).addSeats(ai(1)).addSeats(me()).build());
        assertEquals(MatchStatus.MATCH_ACTIVE, waiting.getStatus(), "created although the AI is down");
        await("the lobby asked the AI", () -> failures() >= failuresBefore + 2);
        String before = stored(waiting.getId());
        double failuresThen = failures();
        await("the lobby kept trying", () -> failures() >= failuresThen + 4);
        assertEquals(before, stored(waiting.getId()), "the waiting match is exactly as it was");
        assertTrue(turns.pending() >= 1, "the AI turn is still pending");

        // the AI cannot move: its flag falls after 1 s, a loss on time like anyone's
        clock.advanceMillis(999);
        flagCheck.checkNow();
        assertEquals(MatchStatus.MATCH_ACTIVE, human.get(timed.getId()).getStatus(), "1 ms left");
        clock.advanceMillis(1);
        flagCheck.checkNow();
        Match flagged = human.get(timed.getId());
        assertEquals(MatchStatus.MATCH_FINISHED, flagged.getStatus());
        assertEquals(EndReason.TIMEOUT, flagged.getResult().getReason());
        assertEquals(List.of(1), flagged.getResult().getWinnersList());
        assertEquals(0, flagged.getSeats(0).getClockMillis());
        assertEquals(0, flagged.getMovesCount());

        engine.comeBack();
        await("the AI seat moves once the AI answers", () -> human.get(waiting.getId()).getMovesCount() > 0);
        Match m = human.get(waiting.getId());
        assertEquals(1, m.getMovesCount(), "one move, not one per failed attempt");
        assertEquals(0, m.getMoves(0).getSeat());
        assertEquals(1, mover(m), "the human's turn");
        Match over = human.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, over.getStatus());
        assertEquals(List.of(0), over.getResult().getWinnersList());
    }
}
