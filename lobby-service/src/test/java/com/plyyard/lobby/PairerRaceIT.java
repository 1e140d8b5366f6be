package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AcceptSeekRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.Seek;
import com.plyyard.proto.v1.TimeControl;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two packaged lobby instances on one database, both pairing every 50 ms: many players queue at once in several pools
 * (two-player and four-player free-for-all), through both instances, while some of them own seeks that other players
 * accept at the same moment. No player may end up in two matches, no player may have two PAIRED tickets or a PAIRED
 * and a WAITING one, and every PAIRED ticket names the seat its player holds.
 */
class PairerRaceIT {
    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static LobbyProcess a;
    private static LobbyProcess b;

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        pg = EmbeddedPostgresProcess.start();
        Map<String, String> fast = Map.of("PLYYARD_LOBBY_MATCHMAKING_PAIRING_EVERY", "50ms");
        a = LobbyProcess.start(Processes.freePort(), pg, rules.port(), Processes.freePort(), fast, "pairer-a");
        b = LobbyProcess.start(Processes.freePort(), pg, rules.port(), Processes.freePort(), fast, "pairer-b");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {a, b, rules}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception ignored) {
                // keep stopping the rest
            }
        }
        if (pg != null) {
            pg.close();
        }
    }

    private static GameSpec game(String variant, int initial) {
        return GameSpec.newBuilder().setVariant(variant).setTimeControl(TimeControl.newBuilder().setInitialSeconds(initial)).build();
    }

    @Test
    void twoPairersNeverBookAPlayerTwice() throws Exception {
        int n = 48;
        List<GameSpec> pools = List.of(game("draughts:fmjd", 60), game("draughts:fmjd", 61), game("ploy:3m:ffa", 60));
        List<TestPlayer[]> players = new ArrayList<>(); // each player as seen through A and through B
        for (int i = 0; i < n; i++) {
            TestPlayer onA = Clients.register(a.channel(), "q" + i);
            players.add(new TestPlayer[] {onA, TestPlayer.of(b.channel(), onA.player(), onA.token())});
        }
        // 16 of them also own a seek; 16 others (not queued) will accept those seeks during the pairing
        List<Seek> seeks = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            seeks.add(players.get(i)[0].mm().createSeek(CreateSeekRequest.newBuilder().setGame(game("draughts:fmjd", 62)).build()));
        }
        List<TestPlayer> acceptors = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            acceptors.add(Clients.register(b.channel(), "acc" + i));
        }

        ExecutorService pool = Executors.newFixedThreadPool(24);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < pools.size(); k++) {
                if ((i + k) % 4 == 3) {
                    continue; // most players wait in two or three pools, some in fewer
                }
                TestPlayer via = players.get(i)[(i + k) % 2]; // through A or B
                GameSpec g = pools.get(k);
                calls.add(pool.submit(() -> {
                    go.await();
                    try {
                        via.mm().joinPool(JoinPoolRequest.newBuilder().setGame(g).build());
                    } catch (StatusRuntimeException e) {
                        // FAILED_PRECONDITION is fine only if the player was paired meanwhile; checked below via the rows
                    }
                    return null;
                }));
            }
        }
        for (int i = 0; i < 16; i++) {
            TestPlayer acceptor = acceptors.get(i);
            Seek s = seeks.get(i);
            calls.add(pool.submit(() -> {
                go.await();
                try {
                    acceptor.mm().acceptSeek(AcceptSeekRequest.newBuilder().setSeekId(s.getId()).build());
                } catch (StatusRuntimeException e) {
                    // the owner was paired by a pool first: their seek was cancelled
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> f : calls) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), "")) {
            // the pairers are done when no pool can form a group any more, for a second
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int quiet = 0;
            while (quiet < 5) {
                assertTrue(System.nanoTime() < deadline, "the pools did not settle");
                long full = count(c, "SELECT count(*) FROM (SELECT t.pool_key, max(t.seat_count) AS seats, count(*) AS waiting "
                    + "FROM pool_tickets t JOIN pool_ticket_members m ON m.ticket_id = t.id WHERE t.status = 'TICKET_WAITING' "
                    + "GROUP BY t.pool_key) p WHERE p.waiting >= p.seats");
                quiet = full == 0 ? quiet + 1 : 0;
                Processes.sleep(200);
            }
            assertEquals(0, count(c, "SELECT count(*) FROM (SELECT player_id FROM seats WHERE player_id IS NOT NULL "
                + "GROUP BY player_id HAVING count(*) > 1) x"), "a player sits in two matches");
            assertEquals(0, count(c, "SELECT count(*) FROM (SELECT m.player_id FROM pool_ticket_members m JOIN pool_tickets t "
                + "ON t.id = m.ticket_id WHERE t.status = 'TICKET_PAIRED' GROUP BY m.player_id HAVING count(*) > 1) x"),
                "a player has two PAIRED tickets");
            assertEquals(0, count(c, "SELECT count(*) FROM pool_ticket_members m JOIN pool_tickets t ON t.id = m.ticket_id "
                + "WHERE t.status = 'TICKET_WAITING' AND m.player_id IN (SELECT player_id FROM seats WHERE player_id IS NOT NULL)"),
                "a paired player still waits in a pool");
            assertEquals(0, count(c, "SELECT count(*) FROM pool_ticket_members m JOIN pool_tickets t ON t.id = m.ticket_id "
                + "WHERE t.status = 'TICKET_PAIRED' AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.match_id = t.match_id "
                + "AND s.idx = m.seat AND s.player_id = m.player_id)"), "a PAIRED ticket names a seat its player does not hold");
            assertEquals(0, count(c, "SELECT count(*) FROM seeks WHERE status = 'SEEK_FILLED' AND owner_id IN "
                + "(SELECT m.player_id FROM pool_ticket_members m JOIN pool_tickets t ON t.id = m.ticket_id "
                + "WHERE t.status = 'TICKET_PAIRED')"), "a seek owner was paired by a pool and through the seek");
            long matches = count(c, "SELECT count(*) FROM matches");
            long viaPools = count(c, "SELECT count(DISTINCT match_id) FROM pool_tickets WHERE status = 'TICKET_PAIRED'");
            long viaSeeks = count(c, "SELECT count(*) FROM seeks WHERE status = 'SEEK_FILLED'");
            assertEquals(matches, viaPools + viaSeeks, "every match came from one pairing");
            assertTrue(viaPools >= 10, "the pools paired most players: " + viaPools + " matches");
            System.out.printf("PairerRaceIT: %d matches (%d from pools, %d from seeks); pairings by instance A %.0f, B %.0f%n",
                matches, viaPools, viaSeeks, metric(a), metric(b));
        }
    }

    private static double metric(LobbyProcess lobby) throws Exception {
        String body = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://localhost:" + lobby.port() + "/q/metrics")).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        double sum = 0;
        for (String line : body.split("\n")) {
            if (line.startsWith("plyyard_lobby_pairings_total{") && line.contains("via=\"pool\"")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    private static long count(Connection c, String sql) throws Exception {
        try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
