package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatSpec;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL restarted under a running lobby: while it is down every call fails cleanly (UNAVAILABLE with a sentence,
 * readiness down, liveness up, nothing half done), and afterwards the lobby recovers by itself — new connections, its
 * LISTEN connection re-established — and a spectator that stayed connected receives every event, none lost.
 */
class DatabaseRestartIT {
    @Test
    void theLobbyRidesOutADatabaseRestart() throws Exception {
        EmbeddedPostgresProcess pg = EmbeddedPostgresProcess.restartable();
        RulesServiceProcess rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        ManagedChannel rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        int port = Processes.freePort();
        LobbyProcess lobby = LobbyProcess.start(port, pg, rules.port(), Processes.freePort(),
            Map.of("PLYYARD_LOBBY_AI_ENABLED", "false"), "db-restart"); // no ai-service: readiness is about the database
        try {
            TestPlayer w = Clients.register(lobby.channel(), "dbr-w");
            TestPlayer b = Clients.register(lobby.channel(), "dbr-b");
            TestPlayer spectator = Clients.register(lobby.channel(), "dbr-s");
            Match m = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(b.name())).build());
            m = b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
            EventStream stream = spectator.watch(m.getId(), m.getVersion());
            var rulesStub = RulesServiceGrpc.newBlockingStub(rulesChannel);
            for (int i = 0; i < 2; i++) {
                m = (m.getState().getToMove() == 0 ? w : b).move(m, first(rulesStub, m));
            }
            stream.untilVersion(m.getVersion());

            assertEquals(200, health(port, "ready"), "ready before");
            pg.stop();
            Match before = m;
            String move = first(rulesStub, m);
            TestPlayer mover = m.getState().getToMove() == 0 ? w : b;
            StatusRuntimeException down = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> mover.move(before, move));
            assertEquals(Status.Code.UNAVAILABLE, down.getStatus().getCode(), down.getStatus().toString());
            assertTrue(down.getStatus().getDescription().contains("database"), down.getStatus().getDescription());
            StatusRuntimeException read = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> w.get(before.getId()));
            assertEquals(Status.Code.UNAVAILABLE, read.getStatus().getCode(), read.getStatus().toString());
            assertEquals(503, health(port, "ready"), "not ready without its database");
            assertEquals(200, health(port, "live"), "but alive: no restart needed");

            pg.startAgain();
            // recovers by itself: the refused move goes through once PostgreSQL is back (nothing of it was stored)
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int refusedMeanwhile = 0;
            while (true) {
                try {
                    m = mover.move(before, move);
                    break;
                } catch (StatusRuntimeException e) {
                    assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode(), e.getStatus().toString());
                    assertTrue(System.nanoTime() < deadline, "the lobby did not recover within 60 s: " + e.getStatus());
                    refusedMeanwhile++;
                    Processes.sleep(250);
                }
            }
            assertEquals(before.getVersion() + 1, m.getVersion(), "the move refused while down was not stored then");
            for (int i = 0; i < 2; i++) {
                m = (m.getState().getToMove() == 0 ? w : b).move(m, first(rulesStub, m));
            }
            // the spectator that stayed connected sees every event: the three moves, no gap
            stream.untilVersion(m.getVersion());
            List<Long> versions = new ArrayList<>();
            for (MatchEvent e : stream.received()) {
                versions.add(e.getVersion());
            }
            for (int i = 1; i < versions.size(); i++) {
                assertEquals(versions.get(i - 1) + 1, versions.get(i), "no lost or repeated event: " + versions);
            }
            assertEquals(200, health(port, "ready"));
            // the LISTEN connection comes back on its own (it retries every second); events reach the open stream by it
            long listenDeadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!Files.readString(lobby.log()).contains("listening for match and lobby events again")) {
                assertTrue(System.nanoTime() < listenDeadline, "LISTEN re-established within 30 s");
                Processes.sleep(250);
            }
            m = (m.getState().getToMove() == 0 ? w : b).move(m, first(rulesStub, m));
            stream.untilVersion(m.getVersion());
            System.out.println("DatabaseRestartIT: calls refused while recovering: " + refusedMeanwhile);
        } finally {
            lobby.stop();
            rulesChannel.shutdownNow();
            rules.stop();
            pg.close();
        }
    }

    private static String first(RulesServiceGrpc.RulesServiceBlockingStub rules, Match m) {
        return rules.legalMoves(LegalMovesRequest.newBuilder().setState(m.getState()).build()).getMoves(0).getNotation();
    }

    private static int health(int port, String which) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/" + which))
            .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
