package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.AiServiceProcess;
import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged lobby (profile prod) restarted in the middle of a match: the state, the tokens and a resumed
 * WatchMatch stream continue from the database.
 */
class RestartIT {
    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static ManagedChannel rulesChannel;

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        pg = EmbeddedPostgresProcess.start();
    }

    @AfterAll
    static void stop() {
        if (rulesChannel != null) {
            rulesChannel.shutdownNow();
        }
        if (rules != null) {
            rules.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    private static String firstMove(Match m) {
        return RulesServiceGrpc.newBlockingStub(rulesChannel)
            .legalMoves(LegalMovesRequest.newBuilder().setState(m.getState()).build()).getMoves(0).getNotation();
    }

    @Test
    void aMatchAndItsStreamSurviveARestart() {
        int port = Processes.freePort();
        LobbyProcess lobby = LobbyProcess.start(port, pg, rules.port(), "restart-1");
        TestPlayer w;
        TestPlayer b;
        Match m;
        long lastSeen;
        List<MatchEvent> before = new ArrayList<>();
        try {
            w = Clients.register(lobby.channel(), "rw");
            b = Clients.register(lobby.channel(), "rb");
            TestPlayer spectator = Clients.register(lobby.channel(), "rs");
            m = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .setTimeControl(TimeControl.newBuilder().setInitialSeconds(600))
                .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(b.name())).build());
            m = b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
            EventStream stream = spectator.watch(m.getId(), 0);
            EventStream seated = w.watch(m.getId(), m.getVersion());
            for (int i = 0; i < 6; i++) {
                m = (m.getState().getToMove() == 0 ? w : b).move(m, firstMove(m));
            }
            stream.untilVersion(w.get(m.getId()).getVersion()); // the moves, and the seated watcher's presence
            before.addAll(stream.received());
            lastSeen = stream.lastVersion();
            lobby.stop();
            assertTrue(lobby.exitValue() == 0 || lobby.exitValue() == 143, "SIGTERM: a clean stop, exit " + lobby.exitValue());
            assertTrue(Processes.tail(lobby.log()).contains("lobby-service stopped"), Processes.tail(lobby.log()));
            Throwable end = stream.awaitEnd(Duration.ofSeconds(10));
            assertNotNull(end, "the stream ends with a status when the server stops");
            seated.awaitEnd(Duration.ofSeconds(10));
        } finally {
            lobby.stop();
        }

        LobbyProcess again = LobbyProcess.start(port, pg, rules.port(), "restart-2");
        try {
            TestPlayer w2 = TestPlayer.of(again.channel(), w.player(), w.token());   // tokens live in the database
            TestPlayer b2 = TestPlayer.of(again.channel(), b.player(), b.token());
            Match resumed = w2.get(m.getId());
            assertEquals(MatchStatus.MATCH_ACTIVE, resumed.getStatus());
            assertEquals(m.getState(), resumed.getState());
            assertEquals(6, resumed.getMovesCount());
            assertEquals(m.getSeats(1).getClockMillis(), resumed.getSeats(1).getClockMillis());
            assertFalse(resumed.getSeats(0).getConnected(), "the stopping lobby gave the seated watcher's presence back");
            assertTrue(resumed.getVersion() >= lastSeen);

            TestPlayer spectator2 = Clients.register(again.channel(), "rs2");
            try (EventStream stream = spectator2.watch(m.getId(), lastSeen)) {
                Match next = resumed;
                for (int i = 0; i < 4; i++) {
                    next = (next.getState().getToMove() == 0 ? w2 : b2).move(next, firstMove(next));
                }
                stream.untilVersion(next.getVersion());
                List<MatchEvent> after = stream.received();
                assertEquals(lastSeen + 1, after.get(0).getVersion(), "continues right after the last version seen");
                for (int i = 1; i < after.size(); i++) {
                    assertEquals(after.get(i - 1).getVersion() + 1, after.get(i).getVersion());
                }
                assertEquals(4, after.stream().filter(MatchEvent::hasMovePlayed).count());
                assertTrue(before.get(before.size() - 1).getVersion() + 1 == after.get(0).getVersion());
            }
        } finally {
            again.stop();
        }
    }

    /**
     * An AI turn left waiting when the lobby stopped (ai-service was not running) is taken up by the restarted lobby
     * at once: nothing about it lived only in the first lobby's memory.
     */
    @Test
    void aWaitingAiTurnResumesAfterARestart() {
        int port = Processes.freePort();
        int aiPort = Processes.freePort();
        LobbyProcess lobby = LobbyProcess.start(port, pg, rules.port(), aiPort, Map.of(), "restart-ai-1");
        TestPlayer human;
        String id;
        try {
            human = Clients.register(lobby.channel(), "ai-restart");
            Match m = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(SeatSpec.newBuilder().setAiLevel(1)).addSeats(SeatSpec.newBuilder().setMe(true)).build());
            id = m.getId();
            assertEquals(MatchStatus.MATCH_ACTIVE, m.getStatus());
            Processes.sleep(1500); // it tries, and fails: no ai-service yet
            assertEquals(0, human.get(id).getMovesCount());
        } finally {
            lobby.stop();
        }
        try (AiServiceProcess ai = new AiServiceProcess(aiPort, Path.of("target", "it-logs", "restart-ai-service.log"))) {
            ai.start();
            // the periodic scan is pushed out of reach: only the start-up scan can take the turn up
            LobbyProcess again = LobbyProcess.start(port, pg, rules.port(), aiPort,
                Map.of("PLYYARD_LOBBY_AI_SCAN_EVERY", "10m"), "restart-ai-2");
            try {
                TestPlayer h = TestPlayer.of(again.channel(), human.player(), human.token());
                // no periodic scan runs in this lobby (every 10 min): the start-up scan took the turn up
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                Match m = h.get(id);
                while (m.getMovesCount() == 0) {
                    assertTrue(System.nanoTime() < deadline, "the restarted lobby should have played the waiting AI turn");
                    Processes.sleep(50);
                    m = h.get(id);
                }
                assertEquals(0, m.getMoves(0).getSeat());
                assertEquals(MatchStatus.MATCH_FINISHED, h.matches().resign(TestPlayer.action(m)).getStatus());
            } finally {
                again.stop();
            }
        }
    }
}
