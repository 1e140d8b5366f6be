package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import com.plyyard.proto.v1.EndReason;
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
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two packaged lobby instances (profile prod) on one PostgreSQL: a watcher on A sees moves made through B
 * live (LISTEN/NOTIFY), a version race across instances has one winner, and every flag falls exactly once
 * although both instances' schedulers look for it.
 */
class TwoInstancesIT {
    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static AiServiceProcess ai;
    private static ManagedChannel rulesChannel;
    private static LobbyProcess a;
    private static LobbyProcess b;

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        ai = AiServiceProcess.start(Path.of("target", "it-logs"));
        pg = EmbeddedPostgresProcess.start();
        // each instance takes up AI turns left waiting for more than 1 s (checked every second)
        Map<String, String> quickScan = Map.of("PLYYARD_LOBBY_AI_SCAN_GRACE", "1s", "PLYYARD_LOBBY_AI_SCAN_EVERY", "1s");
        a = LobbyProcess.start(Processes.freePort(), pg, rules.port(), ai.port(), quickScan, "instance-a");
        b = LobbyProcess.start(Processes.freePort(), pg, rules.port(), ai.port(), quickScan, "instance-b");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {a, b}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // keep stopping the rest
            }
        }
        if (rulesChannel != null) {
            rulesChannel.shutdownNow();
        }
        if (rules != null) {
            rules.stop();
        }
        if (ai != null) {
            ai.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    private static String firstMove(Match m) {
        return RulesServiceGrpc.newBlockingStub(rulesChannel)
            .legalMoves(LegalMovesRequest.newBuilder().setState(m.getState()).build()).getMoves(0).getNotation();
    }

    private static Match match(TestPlayer creator, TestPlayer joiner, int seconds) {
        Match m = creator.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(TimeControl.newBuilder().setInitialSeconds(seconds))
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(joiner.name())).build());
        return joiner.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
    }

    @Test
    void aWatcherOnASeesMovesMadeThroughB() {
        TestPlayer whiteOnA = Clients.register(a.channel(), "wa");
        TestPlayer blackOnA = Clients.register(a.channel(), "ba");
        TestPlayer whiteOnB = TestPlayer.of(b.channel(), whiteOnA.player(), whiteOnA.token());
        TestPlayer blackOnB = TestPlayer.of(b.channel(), blackOnA.player(), blackOnA.token());
        Match m = match(whiteOnA, blackOnB, 0);
        try (EventStream watcherOnA = Clients.register(a.channel(), "sa").watch(m.getId(), 0)) {
            assertTrue(watcherOnA.next().hasSnapshot());
            for (int i = 0; i < 8; i++) {
                m = (m.getState().getToMove() == 0 ? whiteOnB : blackOnB).move(m, firstMove(m));
                // live: well before the 5 s safety wake, so through NOTIFY
                MatchEvent e = watcherOnA.next(Duration.ofMillis(2500));
                assertEquals(m.getVersion(), e.getVersion());
                assertEquals(m.getMoves(i).getMove(), e.getMovePlayed().getMove());
            }
        }
    }

    @Test
    void aRaceAcrossInstancesHasOneWinner() throws Exception {
        TestPlayer w = Clients.register(a.channel(), "race-w");
        TestPlayer bl = Clients.register(b.channel(), "race-b");
        TestPlayer wOnB = TestPlayer.of(b.channel(), w.player(), w.token());
        Match m = match(w, bl, 0);
        String move = firstMove(m);
        CountDownLatch go = new CountDownLatch(1);
        Match start = m;
        List<CompletableFuture<Object>> calls = new ArrayList<>();
        for (TestPlayer p : new TestPlayer[] {w, wOnB}) {
            calls.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                    return p.move(start, move);
                } catch (StatusRuntimeException e) {
                    return e.getStatus().getCode();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        go.countDown();
        List<Object> results = new ArrayList<>();
        for (CompletableFuture<Object> f : calls) {
            results.add(f.get());
        }
        assertEquals(1, results.stream().filter(r -> r instanceof Match).count(), results.toString());
        assertEquals(1, results.stream().filter(r -> r == Status.Code.ABORTED).count(), results.toString());
    }

    @Test
    void everyFlagFallsExactlyOnce() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            LobbyProcess home = i % 2 == 0 ? a : b;
            ids.add(match(Clients.register(home.channel(), "fw"), Clients.register(home.channel(), "fb"), 1).getId());
        }
        TestPlayer checker = Clients.register(a.channel(), "checker");
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        for (String id : ids) {
            Match m = checker.get(id);
            while (m.getStatus() == MatchStatus.MATCH_ACTIVE && System.nanoTime() < deadline) {
                Processes.sleep(100);
                m = checker.get(id);
            }
            assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
            assertEquals(EndReason.TIMEOUT, m.getResult().getReason());
        }
        Processes.sleep(1000); // give a double flag the chance to show
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), "")) {
            for (String id : ids) {
                assertEquals(1, count(c, "SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'ENDED'", id));
                assertEquals(1, count(c, "SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'CLOCK'", id));
            }
        }
    }

    /**
     * Both instances think about the same AI turn (level max without a clock thinks 5 s; the other instance's scan
     * takes the turn up after 1 s): the version check lets one move through, the other is superseded.
     */
    @Test
    void anAiTurnIsPlayedOnceAlthoughBothInstancesThink() throws Exception {
        TestPlayer human = Clients.register(a.channel(), "ai-twice");
        Match m = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(SeatSpec.newBuilder().setAiLevel(5)).addSeats(SeatSpec.newBuilder().setMe(true)).build());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (metric(a, "plyyard_lobby_ai_superseded_total") + metric(b, "plyyard_lobby_ai_superseded_total") < 1) {
            assertTrue(System.nanoTime() < deadline, "the second instance should have thought and been superseded");
            Processes.sleep(200);
        }
        Match after = human.get(m.getId());
        assertEquals(1, after.getMovesCount(), "one AI move, not two");
        assertEquals(1, after.getState().getToMove(), "the human's turn");
        assertEquals(1.0, metric(a, "plyyard_lobby_ai_moves_total") + metric(b, "plyyard_lobby_ai_moves_total"));
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), "")) {
            assertEquals(1, count(c, "SELECT count(*) FROM match_events WHERE match_id = ?::uuid AND type = 'MOVE_PLAYED'",
                m.getId()));
        }
        assertEquals(MatchStatus.MATCH_FINISHED, human.matches().resign(TestPlayer.action(after)).getStatus());
    }

    /** A counter of an instance's Prometheus metrics (0 when it has not counted yet). */
    private static double metric(LobbyProcess lobby, String name) throws Exception {
        String body = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://localhost:" + lobby.port() + "/q/metrics")).timeout(Duration.ofSeconds(20)).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        double sum = 0;
        for (String line : body.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    private static long count(Connection c, String sql, String id) throws Exception {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, id);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void noTokenReachesAnyLogLine() throws Exception {
        TestPlayer p = Clients.register(a.channel(), "secret-keeper");
        TestPlayer onB = TestPlayer.of(b.channel(), p.player(), p.token());
        assertEquals(p.player(), onB.lobby().whoAmI(com.plyyard.proto.v1.WhoAmIRequest.getDefaultInstance()));
        String forged = "forged-" + java.util.UUID.randomUUID();
        StatusRuntimeException refused = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> TestPlayer.of(a.channel(), p.player(), forged).lobby()
                .whoAmI(com.plyyard.proto.v1.WhoAmIRequest.getDefaultInstance()));
        assertEquals(Status.Code.UNAUTHENTICATED, refused.getStatus().getCode());
        org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class, () -> p.matches().createMatch(
            CreateMatchRequest.newBuilder().setVariant("chess:classic").build()));
        for (LobbyProcess instance : new LobbyProcess[] {a, b}) {
            String log = java.nio.file.Files.readString(instance.log());
            assertTrue(!log.contains(p.token()) && !log.contains(forged), "a token in " + instance.log());
            assertTrue(!log.contains("Bearer "), "an authorization header in " + instance.log());
        }
    }

    @Test
    void aTokenRevokedOnOneInstanceIsRefusedByTheOther() throws Exception {
        TestPlayer onA = Clients.register(a.channel(), "logout");
        TestPlayer onB = TestPlayer.of(b.channel(), onA.player(), onA.token());
        var who = com.plyyard.proto.v1.WhoAmIRequest.getDefaultInstance();
        assertEquals(onA.player(), onB.lobby().whoAmI(who), "B knows the token, and caches its owner");
        assertEquals(1, onA.lobby().logout(com.plyyard.proto.v1.LogoutRequest.getDefaultInstance()).getRevoked());
        // B drops it when the revocation's notification arrives (a few milliseconds after A's commit)
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Status.Code code = null;
        while (System.nanoTime() < deadline) {
            try {
                onB.lobby().whoAmI(who);
                Thread.sleep(20);
            } catch (StatusRuntimeException e) {
                code = e.getStatus().getCode();
                break;
            }
        }
        assertEquals(Status.Code.UNAUTHENTICATED, code, "instance B still accepted a revoked token");
    }
}
