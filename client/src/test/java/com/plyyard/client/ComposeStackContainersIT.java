package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.online.Lobby;
import com.plyyard.client.online.MatchFollower;
import com.plyyard.engine.Position;
import com.plyyard.engine.draughts.DraughtsRecord;
import com.plyyard.engine.ploy.PloyRecord;
import com.plyyard.grpc.testing.TestCertificates;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.ListLegalMovesResponse;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.SeatKind;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * docker-compose.yml, started for real by deploy/test/compose-test.sh (podman, the test-only host-network override,
 * two lobby replicas behind HAProxy), played from outside through HAProxy's port with the client's own code: the
 * commands of ./plyyard ({@link Run}) and its {@link Lobby} and {@link MatchFollower}. Runs only under -Pcontainers,
 * against a stack the script started; it kills and restarts containers of that stack (by the compose labels of its
 * project). Figures go to the file named by plyyard.containers.figures.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ComposeStackContainersIT {
    private static final String PLAYERS = System.getProperty("plyyard.containers.players", "127.0.0.1:37070");
    private static final String MONITOR = System.getProperty("plyyard.containers.monitor", "127.0.0.1:37075");
    private static final String PROJECT = System.getProperty("plyyard.containers.project", "plyyard-test");
    private static final Path FIGURES = Path.of(System.getProperty("plyyard.containers.figures", "target/containers-figures.txt"));
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    /** Player names of this run (the stack's database may hold an earlier run's). */
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
    private static Path home;

    @BeforeAll
    static void credentials() throws IOException {
        // podman as the script configured it (its own folder): never the machine's own storage and configuration
        assertNotNull(System.getenv("CONTAINERS_CONF"), "run by deploy/test/compose-test.sh, which configures podman in a "
            + "folder of its own (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF)");
        assertNotNull(System.getenv("CONTAINERS_STORAGE_CONF"), "run by deploy/test/compose-test.sh");
        home = Files.createTempDirectory("plyyard-containers");
        System.setProperty("plyyard.credentials.dir", home.toString());
        Files.createDirectories(FIGURES.toAbsolutePath().getParent());
        Files.writeString(FIGURES, "");
    }

    @AfterAll
    static void clear() throws IOException {
        System.clearProperty("plyyard.credentials.dir");
        if (home != null) {
            deleteTree(home);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String name(String what) {
        return what + "-" + RUN;
    }

    private static void figure(String line) {
        System.out.println("figure: " + line);
        try {
            Files.writeString(FIGURES, line + "\n", StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------------------------------------- the browser's side

    /** The page at / and a gRPC-Web call, both HTTP/1.1 through HAProxy (which speaks HTTP/2 to the lobby). */
    @Test
    @Order(1)
    void theBrowserPageAndGrpcWebPassTheBalancer() throws Exception {
        HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(URI.create("http://" + PLAYERS + "/")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("content-type").orElse("").startsWith("text/html"), page.headers().toString());
        assertTrue(page.body().contains("<title>Ply Yard</title>"), page.body());

        String player = name("web");
        GrpcWebAnswer registered = grpcWeb("plyyard.v1.LobbyService/Register",
            RegisterRequest.newBuilder().setName(player).build().toByteArray(), null);
        assertEquals("0", registered.status(), registered.trailers());
        RegisterResponse r = RegisterResponse.parseFrom(registered.messages().get(0));
        assertEquals(player, r.getPlayer().getName());
        GrpcWebAnswer me = grpcWeb("plyyard.v1.LobbyService/WhoAmI", WhoAmIRequest.getDefaultInstance().toByteArray(),
            r.getToken());
        assertEquals("0", me.status(), me.trailers());
        assertEquals(r.getPlayer(), Player.parseFrom(me.messages().get(0)));
        GrpcWebAnswer refused = grpcWeb("plyyard.v1.LobbyService/Register",
            RegisterRequest.newBuilder().setName(player).build().toByteArray(), null);
        assertEquals(Integer.toString(Status.Code.ALREADY_EXISTS.value()), refused.status(), refused.trailers());
        assertTrue(refused.trailers().contains("grpc-message:"), "a refusal carries its sentence: " + refused.trailers());
    }

    record GrpcWebAnswer(List<byte[]> messages, String trailers) {
        String status() {
            for (String line : trailers.split("\r\n")) {
                if (line.startsWith("grpc-status:")) {
                    return line.substring("grpc-status:".length()).strip();
                }
            }
            return null;
        }
    }

    private static GrpcWebAnswer grpcWeb(String method, byte[] message, String token) throws Exception {
        byte[] body = ByteBuffer.allocate(5 + message.length).put((byte) 0).putInt(message.length).put(message).array();
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + PLAYERS + "/" + method))
            .header("content-type", "application/grpc-web+proto").header("x-grpc-web", "1").header("grpc-timeout", "10S")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (token != null) {
            b.header("authorization", "Bearer " + token);
        }
        HttpResponse<InputStream> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals("application/grpc-web+proto", r.headers().firstValue("content-type").orElse(""));
        List<byte[]> messages = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(r.body())) {
            while (true) {
                int flag = in.readUnsignedByte();
                byte[] payload = in.readNBytes(in.readInt());
                if ((flag & 0x80) != 0) {
                    return new GrpcWebAnswer(messages, new String(payload, StandardCharsets.US_ASCII));
                }
                messages.add(payload);
            }
        }
    }

    // --------------------------------------------------------------------------------------------- games, watched

    /**
     * A draughts game against the AI (beginner) played to the end with `play`, while `watch` follows it as a spectator:
     * both end with the same result line; then `export`, and the record replays with the engine to the stored position.
     */
    @Test
    @Order(2)
    void aDraughtsGameAgainstTheAiToTheEndWithASpectator() throws Exception {
        String player = name("draughts");
        long started = System.nanoTime();
        Match m;
        try (Lobby lobby = Lobby.connect(PLAYERS, player)) {
            m = lobby.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setAiLevel(1)).build());
        }
        String id = m.getId();
        CompletableFuture<Run> spectator = background("watch", id, "--target", PLAYERS, "--name", name("spectator"), "--ascii");
        Thread.sleep(500); // the spectator is connected before the first move
        Run played = Run.of("play", "--target", PLAYERS, "--name", player, "--match", id, "--autoplay", "first", "--ascii");
        assertEquals(0, played.exitCode(), () -> played.err() + " / " + tail(played.out()));
        String result = played.out().stream().filter(l -> l.startsWith("result: ")).findFirst()
            .orElseThrow(() -> new AssertionError("the game did not end: " + tail(played.out())));
        Run watched = done(spectator, 120);
        assertEquals(0, watched.exitCode(), () -> watched.err() + " / " + tail(watched.out()));
        assertEquals(result, watched.out().get(watched.out().size() - 1), "the spectator saw the same end");
        try (Lobby lobby = Lobby.connect(PLAYERS, player)) {
            Match end = lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
            assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
            assertEquals("result: " + end.getResult().getDescription(), result);
            // every move of the match reached the spectator, one line each
            long movesWatched = watched.out().stream().filter(l -> l.matches("v\\d+ .*played.*")).count();
            assertEquals(end.getMovesCount(), movesWatched, () -> tail(watched.out()));
            Run exported = Run.of("export", id, "--target", PLAYERS, "--name", player);
            assertEquals(0, exported.exitCode(), exported.err()::toString);
            DraughtsRecord record = DraughtsRecord.parse(String.join("\n", exported.out()) + "\n");
            assertEquals(end.getMovesList().stream().map(x -> x.getMove().getNotation()).toList(), record.moves());
            Position last = record.replay();
            assertTrue(last.isOver());
            assertEquals(end.getState().getPosition(), last.notation());
            figure(String.format("draughts:fmjd against the AI (beginner) to the end through HAProxy, with a spectator: "
                + "%d plies in %.1f s, %s", end.getMovesCount(), (System.nanoTime() - started) / 1e9, result));
        }
    }

    /**
     * Two players queue in the four-player Ploy pool with AI fill: after the pool's wait (30 s in profile prod) they get
     * one match with two AI seats, and play it to the end with `play --match`.
     */
    @Test
    @Order(3)
    void aFourPlayerPloyPoolWithAiFill() throws Exception {
        long started = System.nanoTime();
        String a = name("ploy-a");
        String b = name("ploy-b");
        CompletableFuture<Run> joinA = background("pool", "join", "--target", PLAYERS, "--name", a, "--variant", "ploy:3m:ffa",
            "--ai-fill", "--wait", "120");
        CompletableFuture<Run> joinB = background("pool", "join", "--target", PLAYERS, "--name", b, "--variant", "ploy:3m:ffa",
            "--ai-fill", "--wait", "120");
        String[] seatA = paired(done(joinA, 150));
        String[] seatB = paired(done(joinB, 150));
        assertEquals(seatA[0], seatB[0], "one match for both");
        double pairedAfter = (System.nanoTime() - started) / 1e9;
        String id = seatA[0];
        CompletableFuture<Run> playA = background("play", "--target", PLAYERS, "--name", a, "--match", id, "--autoplay", "first",
            "--ascii");
        CompletableFuture<Run> playB = background("play", "--target", PLAYERS, "--name", b, "--match", id, "--autoplay", "first",
            "--ascii");
        for (Run r : List.of(done(playA, 600), done(playB, 600))) {
            assertEquals(0, r.exitCode(), () -> r.err() + " / " + tail(r.out()));
            assertTrue(r.out().stream().anyMatch(l -> l.startsWith("result: ")), () -> tail(r.out()));
        }
        try (Lobby lobby = Lobby.connect(PLAYERS, a)) {
            Match end = waitFinished(lobby, id);
            assertEquals(4, end.getSeatsCount());
            assertEquals(2, end.getSeatsList().stream().filter(s -> s.getKind() == SeatKind.SEAT_AI).count(), "two AI seats");
            Run exported = Run.of("export", id, "--target", PLAYERS, "--name", a);
            assertEquals(0, exported.exitCode(), exported.err()::toString);
            PloyRecord record = PloyRecord.parse(String.join("\n", exported.out()) + "\n");
            assertEquals(end.getMovesList().stream().map(x -> x.getMove().getNotation()).toList(), record.moves());
            assertEquals(end.getState().getPosition(), record.replay().notation());
            figure(String.format("ploy:3m:ffa pool with AI fill: paired after %.1f s (2 players, 2 AI seats), %d plies, "
                + "finished after %.1f s, %s", pairedAfter, end.getMovesCount(), (System.nanoTime() - started) / 1e9,
                end.getResult().getDescription()));
        }
    }

    // ----------------------------------------------------------------------------------------- a replica killed

    /**
     * Two people play; spectators watch through HAProxy until both lobby replicas hold some of the watch streams; then
     * `podman kill` takes one replica away mid-game. The game goes on through the other, every spectator receives every
     * event (its stream resumed from its last version if it was on the killed replica: no gap, no repeat), new players
     * register and new matches start; HAProxy marks the replica down. Started again, the replica is put back and serves.
     */
    @Test
    @Order(4)
    void aLobbyReplicaKilledMidGame() throws Exception {
        String killedService = "lobby-service";
        String killedServer = "lobby-1"; // haproxy.cfg: LOBBY_REPLICA_1, lobby-service's port in the override
        Map<String, Map<String, String>> before = stats();
        assertEquals("UP", before.get(killedServer).get("status"));
        assertEquals("UP", before.get("lobby-2").get("status"));

        try (Lobby white = Lobby.connect(PLAYERS, name("kill-w")); Lobby black = Lobby.connect(PLAYERS, name("kill-b"))) {
            Match m = draughtsBetween(white, black);
            String id = m.getId();
            long start = m.getVersion();
            List<Lobby> spectators = new ArrayList<>();
            List<MatchFollower> followers = new ArrayList<>();
            List<List<Long>> seen = new ArrayList<>();
            try {
                // watchers until both replicas carry some: each call is balanced on its own, round robin, and a
                // spectator's sign-in and WatchMatch are two calls, so every other one makes a third call first
                Map<String, Map<String, String>> now = stats();
                for (int i = 0; i < 16 && (sessions(now, "lobby-1") == 0 || sessions(now, "lobby-2") == 0 || i < 4); i++) {
                    Lobby s = Lobby.connect(PLAYERS, name("kill-watch" + i));
                    if (i % 2 == 1) {
                        s.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
                    }
                    spectators.add(s);
                    followers.add(new MatchFollower(s, id, start));
                    seen.add(new CopyOnWriteArrayList<>());
                    Thread.sleep(300);
                    now = stats();
                }
                int onKilled = sessions(now, killedServer);
                int onOther = sessions(now, "lobby-2");
                assertTrue(onKilled > 0 && onOther > 0, "watch streams on both replicas: " + onKilled + " and " + onOther);

                Map<Integer, Lobby> seats = Map.of(0, white, 1, black);
                List<MatchMove> acked = new ArrayList<>();
                int[] unavailable = {0};
                for (int i = 0; i < 6; i++) {
                    acked.add(moveOnce(seats, id, unavailable));
                }
                long killedAt = System.nanoTime();
                String container = container(killedService);
                podman("kill", container);
                double killSeconds = (System.nanoTime() - killedAt) / 1e9;
                // the game goes on through the other replica
                for (int i = 0; i < 10; i++) {
                    acked.add(moveOnce(seats, id, unavailable));
                }
                double tenMovesAfter = (System.nanoTime() - killedAt) / 1e9;
                // new calls: a new player, a new match (against the AI, which answers through the other replica too)
                try (Lobby newcomer = Lobby.connect(PLAYERS, name("kill-new"))) {
                    Match fresh = newcomer.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                        .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setAiLevel(1)).build());
                    assertEquals(MatchStatus.MATCH_ACTIVE, fresh.getStatus());
                }
                double downAfter = waitStatus(killedServer, "DOWN", killedAt, 15);
                assertEquals("UP", stats().get("lobby-2").get("status"));
                String state = podman("inspect", "--format", "{{.State.Status}}", container).strip();
                assertTrue(state.equals("exited") || state.equals("stopped"), "the killed container is not running: " + state);

                Match after = white.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
                assertEquals(16, after.getMovesCount());
                for (MatchMove move : acked) {
                    assertEquals(move, after.getMoves((int) move.getPly() - 1), "the acknowledged move " + move.getPly());
                }
                // every spectator: every event from the start to the last move, in order, once
                for (int i = 0; i < followers.size(); i++) {
                    List<Long> versions = drain(followers.get(i), after.getVersion(), 30_000);
                    List<Long> expected = new ArrayList<>();
                    for (long v = start + 1; v <= after.getVersion(); v++) {
                        expected.add(v);
                    }
                    assertEquals(expected, versions, "spectator " + i + " saw every event once, in order");
                }

                // started again, the replica is put back by its health check and serves calls
                long restartedAt = System.nanoTime();
                podman("start", container);
                double upAfter = waitStatus(killedServer, "UP", restartedAt, 120);
                long servedBefore = total(stats(), killedServer);
                for (int i = 0; i < 6; i++) {
                    acked.add(moveOnce(seats, id, unavailable));
                }
                long servedAfter = total(stats(), killedServer);
                assertTrue(servedAfter > servedBefore, "the restarted replica serves calls again");
                figure(String.format("lobby replica killed mid-game (podman kill %s, %.1f s): %d of %d watch streams were on "
                    + "it; the next 10 moves took %.1f s through the other replica; %d call(s) answered UNAVAILABLE "
                    + "(retried); HAProxy marked it DOWN after %.1f s; every spectator saw all %d events once; started "
                    + "again, UP after %.1f s and serving", killedService, killSeconds, onKilled, followers.size(),
                    tenMovesAfter, unavailable[0], downAfter, after.getVersion() - start, upAfter));
            } finally {
                followers.forEach(MatchFollower::close);
                spectators.forEach(Lobby::close);
            }
        }
    }

    /** Submits the first legal move of whoever is to move; an UNAVAILABLE answer is counted and the move tried again. */
    private static MatchMove moveOnce(Map<Integer, Lobby> seats, String id, int[] unavailable) throws InterruptedException {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                Lobby any = seats.get(0);
                ListLegalMovesResponse legal = any.matches().withDeadlineAfter(10, TimeUnit.SECONDS)
                    .listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(id).build());
                assertFalse(legal.getMovesList().isEmpty(), "the game is still on");
                Match after = seats.get((int) legal.getToMove()).matches().withDeadlineAfter(10, TimeUnit.SECONDS)
                    .submitMove(SubmitMoveRequest.newBuilder().setMatchId(id).setMove(legal.getMoves(0).getNotation())
                        .setExpectedVersion(legal.getVersion()).build());
                return after.getMoves(after.getMovesCount() - 1);
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAVAILABLE) {
                    throw e;
                }
                unavailable[0]++;
                Thread.sleep(200);
            }
        }
        throw new AssertionError("no move accepted in 20 tries");
    }

    /** The versions a follower delivers until it has delivered {@code upTo}; fails on a broken stream or the timeout. */
    private static List<Long> drain(MatchFollower follower, long upTo, long timeoutMillis) throws InterruptedException {
        List<Long> versions = new ArrayList<>();
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (versions.isEmpty() || versions.get(versions.size() - 1) < upTo) {
            long left = deadline - System.currentTimeMillis();
            assertTrue(left > 0, "events up to version " + upTo + " in time; got " + versions);
            Object next = follower.next(left);
            if (next instanceof MatchFollower.Broken broken) {
                throw new AssertionError("a spectator's stream broke for good", broken.error());
            }
            if (next instanceof MatchEvent e && !e.hasSnapshot()) {
                versions.add(e.getVersion());
            }
        }
        return versions;
    }

    // -------------------------------------------------------------------------------------- PostgreSQL restarted

    /**
     * Two people play on while the PostgreSQL container restarts: every move the lobby acknowledged before, during and
     * after the restart is in the match afterwards, at its ply and version; calls during the restart fail UNAVAILABLE
     * (with a sentence) and none half done; a spectator receives every event.
     */
    @Test
    @Order(5)
    void aPostgresRestartLosesNoAcknowledgedMove() throws Exception {
        try (Lobby white = Lobby.connect(PLAYERS, name("pg-w")); Lobby black = Lobby.connect(PLAYERS, name("pg-b"));
             Lobby watcher = Lobby.connect(PLAYERS, name("pg-watch"))) {
            Match m = draughtsBetween(white, black);
            String id = m.getId();
            long start = m.getVersion();
            MatchFollower follower = new MatchFollower(watcher, id, start);
            Map<Integer, Lobby> seats = Map.of(0, white, 1, black);
            List<MatchMove> acked = new CopyOnWriteArrayList<>();
            List<Long> ackedAtNanos = new CopyOnWriteArrayList<>();
            Map<String, Integer> failures = new TreeMap<>();
            List<String> sentences = new CopyOnWriteArrayList<>();
            AtomicBoolean stop = new AtomicBoolean();
            CompletableFuture<Void> mover = CompletableFuture.runAsync(() -> {
                while (!stop.get()) {
                    try {
                        ListLegalMovesResponse legal = white.matches().withDeadlineAfter(10, TimeUnit.SECONDS)
                            .listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(id).build());
                        if (legal.getMovesList().isEmpty()) {
                            return; // the game ended
                        }
                        Match after = seats.get((int) legal.getToMove()).matches().withDeadlineAfter(10, TimeUnit.SECONDS)
                            .submitMove(SubmitMoveRequest.newBuilder().setMatchId(id).setMove(legal.getMoves(0).getNotation())
                                .setExpectedVersion(legal.getVersion()).build());
                        acked.add(after.getMoves(after.getMovesCount() - 1));
                        ackedAtNanos.add(System.nanoTime());
                        Thread.sleep(100);
                    } catch (StatusRuntimeException e) {
                        synchronized (failures) {
                            failures.merge(e.getStatus().getCode().name(), 1, Integer::sum);
                        }
                        if (e.getStatus().getDescription() != null) {
                            sentences.add(e.getStatus().getCode() + ": " + e.getStatus().getDescription());
                        }
                        try {
                            Thread.sleep(200);
                        } catch (InterruptedException ie) {
                            return;
                        }
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try {
                waitFor(() -> acked.size() >= 5, 30, "five moves before the restart");
                int beforeRestart = acked.size();
                String postgres = container("postgres");
                long restartAt = System.nanoTime();
                podman("restart", "-t", "10", postgres);
                double restartSeconds = (System.nanoTime() - restartAt) / 1e9;
                waitFor(() -> acked.size() >= beforeRestart + 10, 120, "ten more moves after the restart");
                stop.set(true);
                mover.get(30, TimeUnit.SECONDS);
                double firstAfter = ackedAtNanos.stream().filter(t -> t > restartAt + (long) (restartSeconds * 1e9))
                    .findFirst().map(t -> (t - restartAt) / 1e9).orElse(Double.NaN);
                long gapMillis = 0;
                for (int i = 1; i < ackedAtNanos.size(); i++) {
                    gapMillis = Math.max(gapMillis, (ackedAtNanos.get(i) - ackedAtNanos.get(i - 1)) / 1_000_000);
                }

                Match after = white.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
                for (MatchMove move : acked) {
                    assertEquals(move, after.getMoves((int) move.getPly() - 1), "the acknowledged move " + move.getPly()
                        + " is stored as it was acknowledged");
                }
                assertTrue(after.getMovesCount() >= acked.size());
                List<Long> versions = drain(follower, after.getVersion(), 30_000);
                List<Long> expected = new ArrayList<>();
                for (long v = start + 1; v <= after.getVersion(); v++) {
                    expected.add(v);
                }
                assertEquals(expected, versions, "the spectator saw every event once, in order");
                for (String code : failures.keySet()) {
                    assertTrue(code.equals("UNAVAILABLE") || code.equals("ABORTED"),
                        "calls during the restart fail UNAVAILABLE (or ABORTED: a move that landed unacknowledged): " + failures);
                }
                figure(String.format("PostgreSQL container restarted mid-game (podman restart, %.1f s): %d moves "
                    + "acknowledged (%d before), all stored at their ply and version, the spectator saw every event; first "
                    + "move acknowledged %.1f s after the restart began, longest gap between acknowledged moves %d ms; "
                    + "refused calls meanwhile %s%s", restartSeconds, acked.size(), beforeRestart, firstAfter, gapMillis,
                    failures, sentences.isEmpty() ? "" : ", e.g. \"" + sentences.get(0) + "\""));
            } finally {
                stop.set(true);
                follower.close();
            }
        }
    }

    // ------------------------------------------------------------------------------------------------- TLS

    /**
     * HAProxy's TLS lines, with the image the stack runs: the whole configuration docker-compose.tls.yml turns on (both
     * sides, replicas from DNS) is accepted by `haproxy -c`; and a second HAProxy container with the players' side on
     * TLS (a certificate made for the run, on 127.0.0.1:37076) in front of the stack's plain-text replicas serves the
     * client with --ca and browsers over HTTPS (HTTP/2 by ALPN), and closes plain-text connections. (The lobby's side
     * on TLS needs replicas serving TLS: not started here.)
     */
    @Test
    @Order(6)
    void haproxyServesPlayersOverTls() throws Exception {
        Path dir = Files.createTempDirectory("plyyard-tls");
        String id = null;
        try {
            TestCertificates certs = TestCertificates.generate(dir);
            // HAProxy runs as its own user in the container: these throw-away files must be readable to it
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(certs.key(), PosixFilePermissions.fromString("rw-r--r--"));
            String image = podman("inspect", "--format", "{{.ImageName}}", container("haproxy-host")).strip();
            String mount = dir + ":/etc/plyyard/tls:ro";
            String cert = "PLAYERS_TLS_CERT=/etc/plyyard/tls/server.pem";
            String key = "PLAYERS_TLS_KEY=/etc/plyyard/tls/server.key";
            // the image's entrypoint with -c: haproxy -c exits 0 only for a valid configuration whose files it could
            // read (podman() checks the exit code)
            podman("run", "--rm", "-v", mount, "-e", cert, "-e", key, "-e", "LOBBY_TLS_CA=/etc/plyyard/tls/ca.pem", image,
                "-c");

            id = podman("run", "-d", "-v", mount, "-e", cert, "-e", key, "-e", "BIND_ADDRESS=127.0.0.1", "-e",
                "PLAYERS_PORT=37076", "-e", "MONITOR_PORT=37077", "-e", "LOBBY_REPLICA_1=127.0.0.1:37073", "-e",
                "LOBBY_REPLICA_2=127.0.0.1:37074", image).strip();
            waitFor(() -> {
                try {
                    return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:37077/healthz")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200
                        && stats("127.0.0.1:37077").values().stream().allMatch(r -> r.get("status").startsWith("UP"));
                } catch (Exception e) {
                    return false;
                }
            }, 30, "the TLS HAProxy up, both replicas UP");
            String target = "localhost:37076";
            Run listed = Run.of("seek", "list", "--target", target, "--ca", certs.ca().toString(), "--name", name("tls"));
            assertEquals(0, listed.exitCode(), listed::toString);
            Run plain = Run.of("seek", "list", "--target", target, "--name", name("tls-plain"));
            assertEquals(1, plain.exitCode(), plain::toString);
            assertTrue(String.join("\n", plain.err()).contains("closed the connection; if it serves TLS, connect with --tls"),
                plain::toString);
            HttpClient https = HttpClient.newBuilder().sslContext(TestCertificates.trusting(certs.ca()))
                .connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> page = https.send(HttpRequest.newBuilder(URI.create("https://" + target + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertEquals(HttpClient.Version.HTTP_2, page.version(), "HTTP/2 by ALPN");
            assertTrue(page.body().contains("<title>Ply Yard</title>"));
            HttpResponse<String> h1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(TestCertificates.trusting(certs.ca())).build()
                .send(HttpRequest.newBuilder(URI.create("https://" + target + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, h1.statusCode());
            assertEquals(HttpClient.Version.HTTP_1_1, h1.version());
            figure("HAProxy with TLS (docker-compose.tls.yml's variables): haproxy -c accepts both sides; the players' side "
                + "served ./plyyard --ca over HTTP/2 and the page over HTTPS (HTTP/2 and HTTP/1.1), plain text refused");
        } finally {
            if (id != null) {
                podman("rm", "-f", "-t", "0", id);
            }
            deleteTree(dir);
        }
    }

    // ------------------------------------------------------------------------------ an outside identity provider

    private static final String OIDC_ISSUER = System.getProperty("plyyard.containers.oidc-issuer");

    /**
     * Keycloak (started by the script on the host, its realm from deploy/keycloak) as the lobbies' identity provider
     * (OIDC_ISSUER, OIDC_AUDIENCE in docker-compose.yml): the realm's test user gets an access token by the password
     * grant, presents it through HAProxy instead of a Ply Yard session, claims a Ply Yard name once (the provider's
     * preferred_username) and plays a draughts game against the AI to the end with `./plyyard play`, the token given as
     * PLYYARD_TOKEN; both lobby replicas verify it on their own. A token altered after Keycloak signed it is refused.
     * (A call before the claim: {@link #aCallBeforeTheClaimThenTheClaimOnEveryReplica}.)
     */
    @Test
    @Order(7)
    void aPlayerSignedInAtTheProviderPlaysThroughTheBalancer() throws Exception {
        assertNotNull(OIDC_ISSUER, "run by deploy/test/compose-test.sh, which starts Keycloak (plyyard.containers.oidc-*)");
        long started = System.nanoTime();
        String token = passwordGrant(System.getProperty("plyyard.containers.oidc-user"),
            System.getProperty("plyyard.containers.oidc-password"));
        long tokenMillis = (System.nanoTime() - started) / 1_000_000;
        String user = System.getProperty("plyyard.containers.oidc-user");

        io.grpc.ManagedChannel channel = io.grpc.ManagedChannelBuilder.forTarget(PLAYERS).usePlaintext().build();
        try {
            io.grpc.ClientInterceptor bearer = bearer(token);
            var lobby = com.plyyard.proto.v1.LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(bearer);
            var accounts = com.plyyard.proto.v1.AccountServiceGrpc.newBlockingStub(channel).withInterceptors(bearer);

            // ClaimName with no name takes the provider's preferred_username, once
            Player me = accounts.withDeadlineAfter(10, TimeUnit.SECONDS)
                .claimName(com.plyyard.proto.v1.ClaimNameRequest.getDefaultInstance()).getPlayer();
            assertEquals(user, me.getName(), "the name the provider suggested");
            StatusRuntimeException again = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> accounts.withDeadlineAfter(10, TimeUnit.SECONDS)
                    .claimName(com.plyyard.proto.v1.ClaimNameRequest.newBuilder().setName(name("again")).build()));
            assertEquals(Status.Code.FAILED_PRECONDITION, again.getStatus().getCode(), again.getStatus().toString());
            // both replicas know the player now (HAProxy balances each call)
            for (int i = 0; i < 4; i++) {
                assertEquals(me, lobby.withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance()));
            }
            // gRPC-Web, as the page would call
            GrpcWebAnswer web = grpcWeb("plyyard.v1.LobbyService/WhoAmI", WhoAmIRequest.getDefaultInstance().toByteArray(),
                token);
            assertEquals("0", web.status(), web.trailers());
            assertEquals(me, Player.parseFrom(web.messages().get(0)));
            // a token altered after the provider signed it
            String[] parts = token.split("\\.");
            String payload = new String(java.util.Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
            String forged = parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replace("\"" + user + "\"", "\"" + user + "x\"").getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
            io.grpc.Metadata forgedAuth = new io.grpc.Metadata();
            forgedAuth.put(io.grpc.Metadata.Key.of("authorization", io.grpc.Metadata.ASCII_STRING_MARSHALLER),
                "Bearer " + forged);
            StatusRuntimeException refused = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> com.plyyard.proto.v1.LobbyServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(forgedAuth))
                    .withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance()));
            assertEquals(Status.Code.UNAUTHENTICATED, refused.getStatus().getCode(), refused.getStatus().toString());
            assertTrue(refused.getStatus().getDescription().contains("signature"), refused.getStatus().getDescription());

            // a whole game against the AI with the command line, the provider's token in PLYYARD_TOKEN
            long gameStarted = System.nanoTime();
            Path playerHome = Files.createTempDirectory("plyyard-oidc-player");
            try {
                ProcessBuilder pb = new ProcessBuilder(Path.of("..", "plyyard").toAbsolutePath().normalize().toString(),
                    "play", "--target", PLAYERS, "--variant", "draughts:fmjd", "--vs", "ai", "--level", "beginner",
                    "--autoplay", "first", "--ascii")
                    .directory(Path.of("..").toAbsolutePath().normalize().toFile()).redirectErrorStream(true);
                pb.environment().put("PLYYARD_TOKEN", token);
                pb.environment().put("PLYYARD_HOME", playerHome.toString());
                Process play = pb.start();
                play.getOutputStream().close();
                CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
                    try (InputStream in = play.getInputStream()) {
                        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                assertTrue(play.waitFor(5, TimeUnit.MINUTES), "./plyyard play ended within 5 minutes");
                List<String> lines = output.get(30, TimeUnit.SECONDS).lines().toList();
                assertEquals(0, play.exitValue(), () -> tail(lines));
                String result = lines.stream().filter(l -> l.startsWith("result: ")).findFirst()
                    .orElseThrow(() -> new AssertionError("the game did not end: " + tail(lines)));
                assertFalse(Files.exists(playerHome.resolve("credentials.properties")),
                    "a token from the environment is never written down");
                assertTrue(lines.contains("signed in as " + me.getName() + " at " + PLAYERS), () -> tail(lines));
                Matcher id = Pattern.compile("(?m)^match (\\S+) \\(").matcher(String.join("\n", lines));
                assertTrue(id.find(), () -> tail(lines));
                Match end = com.plyyard.proto.v1.MatchServiceGrpc.newBlockingStub(channel).withInterceptors(bearer)
                    .withDeadlineAfter(10, TimeUnit.SECONDS).getMatch(GetMatchRequest.newBuilder().setMatchId(id.group(1)).build());
                assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
                assertEquals(me.getId(), end.getSeats(0).getPlayer().getId(), "the provider's player sat in it");
                figure(String.format("outside identity provider (Keycloak, password grant in %d ms): ClaimName '%s', "
                    + "then draughts:fmjd against the AI (beginner) to the end through HAProxy with the provider's token, "
                    + "%s plies in %.1f s, %s; a forged token: %s \"%s\"",
                    tokenMillis, me.getName(), Integer.toString(end.getMovesCount()),
                    (System.nanoTime() - gameStarted) / 1e9, result, refused.getStatus().getCode(),
                    refused.getStatus().getDescription()));
            } finally {
                deleteTree(playerHome);
            }
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /**
     * The realm's second user calls before claiming a name (refused with a sentence, on both replicas), then claims one:
     * from then on every replica answers as that player.
     */
    @Test
    @Order(8)
    void aCallBeforeTheClaimThenTheClaimOnEveryReplica() throws Exception {
        assertNotNull(OIDC_ISSUER, "run by deploy/test/compose-test.sh, which starts Keycloak (plyyard.containers.oidc-*)");
        String token = passwordGrant(System.getProperty("plyyard.containers.oidc-user-2"),
            System.getProperty("plyyard.containers.oidc-password-2"));
        io.grpc.ManagedChannel channel = io.grpc.ManagedChannelBuilder.forTarget(PLAYERS).usePlaintext().build();
        try {
            io.grpc.ClientInterceptor bearer = bearer(token);
            var lobby = com.plyyard.proto.v1.LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(bearer);
            for (int i = 0; i < 4; i++) { // HAProxy balances each call: both replicas refuse
                StatusRuntimeException unnamed = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                    () -> lobby.withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance()));
                assertEquals(Status.Code.FAILED_PRECONDITION, unnamed.getStatus().getCode(), unnamed.getStatus().toString());
                assertTrue(unnamed.getStatus().getDescription().contains("ClaimName"), unnamed.getStatus().toString());
            }
            Player me = com.plyyard.proto.v1.AccountServiceGrpc.newBlockingStub(channel).withInterceptors(bearer)
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .claimName(com.plyyard.proto.v1.ClaimNameRequest.newBuilder().setName(name("ben")).build()).getPlayer();
            for (int i = 0; i < 4; i++) {
                assertEquals(me, lobby.withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance()),
                    "call " + (i + 1) + " after the claim");
            }
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Sends {@code token} (the provider's access token) as the bearer of every call. */
    private static io.grpc.ClientInterceptor bearer(String token) {
        io.grpc.Metadata auth = new io.grpc.Metadata();
        auth.put(io.grpc.Metadata.Key.of("authorization", io.grpc.Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        return io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(auth);
    }

    /** An access token for a user of the realm by the password grant, at the token endpoint the issuer announces. */
    private static String passwordGrant(String user, String password) throws IOException, InterruptedException {
        HttpResponse<String> discovery = HTTP.send(HttpRequest.newBuilder(
            URI.create(OIDC_ISSUER + "/.well-known/openid-configuration")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, discovery.statusCode(), discovery.body());
        Matcher endpoint = Pattern.compile("\"token_endpoint\"\\s*:\\s*\"([^\"]+)\"").matcher(discovery.body());
        assertTrue(endpoint.find(), discovery.body());
        String form = "grant_type=password&scope=openid"
            + "&client_id=" + encode(System.getProperty("plyyard.containers.oidc-client"))
            + "&username=" + encode(user) + "&password=" + encode(password);
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(endpoint.group(1)))
            .header("content-type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), "the password grant: " + answer.statusCode());
        Matcher token = Pattern.compile("\"access_token\"\\s*:\\s*\"([^\"]+)\"").matcher(answer.body());
        assertTrue(token.find(), "an access token in the answer");
        return token.group(1);
    }

    private static String encode(String value) {
        return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------------------------------------- helpers

    private static CompletableFuture<Run> background(String... args) {
        return CompletableFuture.supplyAsync(() -> Run.of(args));
    }

    private static Run done(CompletableFuture<Run> f, int seconds) {
        try {
            return f.get(seconds, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String tail(List<String> lines) {
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    }

    /** The match id and seat of a command's last line {@code match=<id> seat=<n>}. */
    private static String[] paired(Run r) {
        assertEquals(0, r.exitCode(), () -> r.err() + " / " + r.out());
        Matcher m = Pattern.compile("match=(\\S+) seat=(\\d+)").matcher(r.out().get(r.out().size() - 1));
        assertTrue(m.matches(), () -> "last line: " + r.out());
        return new String[] {m.group(1), m.group(2)};
    }

    private static Match waitFinished(Lobby lobby, String id) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Match m = lobby.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
            if (m.getStatus() == MatchStatus.MATCH_FINISHED) {
                return m;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("match " + id + " is not finished");
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, int seconds, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within " + seconds + " s");
            Thread.sleep(100);
        }
    }

    /** Runs podman (configured by the script's environment: CONTAINERS_CONF, ...) and returns its output. */
    private static String podman(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "podman " + String.join(" ", args));
        assertEquals(0, p.exitValue(), () -> "podman " + String.join(" ", args) + ": " + new String(err, StandardCharsets.UTF_8));
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The one container of a compose service of the stack's project. */
    private static String container(String service) throws IOException, InterruptedException {
        String ids = podman("ps", "-a", "-q", "--filter", "label=com.docker.compose.project=" + PROJECT, "--filter",
            "label=com.docker.compose.service=" + service).strip();
        assertFalse(ids.isEmpty(), "a container of " + service);
        assertFalse(ids.contains("\n"), "one container of " + service + ": " + ids);
        return ids;
    }

    /** HAProxy's statistics of the lobby backend's servers: server name -> column -> value. */
    private static Map<String, Map<String, String>> stats() throws IOException, InterruptedException {
        return stats(MONITOR);
    }

    private static Map<String, Map<String, String>> stats(String monitor) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://" + monitor + "/stats;csv")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String[] lines = r.body().split("\n");
        String[] header = lines[0].replaceFirst("^# ", "").split(",", -1);
        Map<String, Map<String, String>> servers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",", -1);
            if (cells.length > 1 && cells[0].equals("lobby")) {
                Map<String, String> row = new HashMap<>();
                for (int c = 0; c < header.length && c < cells.length; c++) {
                    row.put(header[c], cells[c]);
                }
                servers.put(cells[1], row);
            }
        }
        assertNotNull(servers.get("lobby-1"), r.body());
        assertNotNull(servers.get("lobby-2"), r.body());
        return servers;
    }

    /** A server's current sessions: its open streams and calls in flight. */
    private static int sessions(Map<String, Map<String, String>> stats, String server) {
        return Integer.parseInt(stats.get(server).get("scur"));
    }

    private static long total(Map<String, Map<String, String>> stats, String server) {
        return Long.parseLong(stats.get(server).get("stot"));
    }

    /** Waits until HAProxy reports the server in that state (UP, DOWN: the first word); the seconds since {@code since}. */
    private static double waitStatus(String server, String status, long since, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            String now = stats().get(server).get("status");
            if (now.split(" ")[0].equals(status)) {
                return (System.nanoTime() - since) / 1e9;
            }
            assertTrue(System.nanoTime() < deadline, server + " " + status + " within " + seconds + " s; it is " + now);
            Thread.sleep(100);
        }
    }

    /** A two-player FMJD draughts match, white creating it and inviting black, who joins: the started match. */
    private static Match draughtsBetween(Lobby white, Lobby black) {
        Match m = white.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(black.me().getName()))
            .build());
        return black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
    }
}
