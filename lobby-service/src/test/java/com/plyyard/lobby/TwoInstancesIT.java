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
    private static ManagedChannel rulesChannel;
    private static LobbyProcess a;
    private static LobbyProcess b;

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        pg = EmbeddedPostgresProcess.start();
        a = LobbyProcess.start(Processes.freePort(), pg, rules.port(), "instance-a");
        b = LobbyProcess.start(Processes.freePort(), pg, rules.port(), "instance-b");
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

    private static long count(Connection c, String sql, String id) throws Exception {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, id);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
