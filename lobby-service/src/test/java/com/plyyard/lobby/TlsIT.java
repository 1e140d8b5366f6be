package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.TestCertificates;
import com.plyyard.lobby.support.AiServiceProcess;
import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SearchLimits;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.TimeControl;
import io.grpc.Channel;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every port of the platform with TLS turned on, as an operator turns it on (environment variables only), with a
 * certificate made for this run (a test CA, a server certificate for localhost and 127.0.0.1): the packaged rules-service
 * (PEM files), ai-service (a PKCS12 keystore) and lobby-service (PEM files, trusting the CA for its calls to both, and
 * its JDBC connections to a PostgreSQL that speaks TLS, sslmode=verify-full). A client that trusts the CA gets correct
 * answers everywhere; a plain-text client and a client that does not trust the certificate are refused on every port.
 */
class TlsIT {
    private static final Path LOGS = Path.of("target", "it-logs");
    private static TestCertificates certs;
    private static RulesServiceProcess rules;
    private static AiServiceProcess ai;
    private static EmbeddedPostgresProcess pg;
    private static LobbyProcess lobby;
    private static final List<ManagedChannel> channels = new ArrayList<>();

    @BeforeAll
    static void start() {
        certs = TestCertificates.generate(Path.of("target", "it-tls").toAbsolutePath());
        SSLContext trustTheCa = certs.clientContext();
        Map<String, String> pem = Map.of("TLS_CERT", certs.cert().toString(), "TLS_KEY", certs.key().toString());
        rules = new RulesServiceProcess(Processes.freePort(), LOGS.resolve("tls-rules-service.log"), pem, trustTheCa);
        rules.start();
        ai = new AiServiceProcess(Processes.freePort(), LOGS.resolve("tls-ai-service.log"),
            Map.of("TLS_KEYSTORE", certs.keystore().toString(), "TLS_KEYSTORE_PASSWORD", certs.keystorePassword()), trustTheCa);
        ai.start();
        pg = EmbeddedPostgresProcess.startWithTls(certs.cert(), certs.key());
        Map<String, String> env = new java.util.HashMap<>(pem);
        env.put("RULES_TLS_TRUST", certs.ca().toString());
        env.put("AI_TLS_TRUST", certs.ca().toString());
        lobby = LobbyProcess.start(Processes.freePort(), pg, rules.port(), ai.port(), env,
            Map.of("DB_URL", pg.jdbcUrl() + "&sslmode=verify-full&sslrootcert=" + certs.ca()), "tls-lobby", certs.ca());
    }

    @AfterAll
    static void stop() {
        channels.forEach(ManagedChannel::shutdownNow);
        if (lobby != null) {
            lobby.stop();
        }
        if (ai != null) {
            ai.stop();
        }
        if (rules != null) {
            rules.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    // ------------------------------------------------------------------------------------------------- channels

    /** A TLS channel trusting the certificates in {@code pem}. */
    private static ManagedChannel tls(int port, Path pem) {
        try {
            ManagedChannel c = Grpc.newChannelBuilderForAddress("localhost", port,
                TlsChannelCredentials.newBuilder().trustManager(pem.toFile()).build()).build();
            channels.add(c);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ManagedChannel trusted(int port) {
        return tls(port, certs.ca());
    }

    private static ManagedChannel plainText(int port) {
        ManagedChannel c = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        channels.add(c);
        return c;
    }

    private static int[] ports() {
        return new int[] {rules.port(), ai.port(), lobby.port()};
    }

    private static HealthCheckResponse.ServingStatus health(Channel c) {
        return HealthGrpc.newBlockingStub(c).withDeadlineAfter(10, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance()).getStatus();
    }

    private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------------- every port

    @Test
    void everyPortAnswersGrpcHealthOverTlsToAClientTrustingTheCa() {
        for (int port : ports()) {
            assertEquals(HealthCheckResponse.ServingStatus.SERVING, health(trusted(port)), "port " + port);
        }
    }

    @Test
    void aPlainTextGrpcClientIsRefusedOnEveryPort() {
        for (int port : ports()) {
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> health(plainText(port)));
            assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode(), "port " + port + ": " + e.getStatus());
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateFailsTheHandshakeOnEveryPort() {
        for (int port : ports()) {
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> health(tls(port, certs.otherCa())));
            assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode(), "port " + port);
            assertTrue(causedBy(e, SSLHandshakeException.class), "port " + port + ": a failed handshake, not " + e);
        }
    }

    @Test
    void healthOverHttpsOnEveryPortAndPlainHttpIsRefused() throws Exception {
        HttpClient https = HttpClient.newBuilder().sslContext(certs.clientContext()).connectTimeout(Duration.ofSeconds(5))
            .build();
        HttpClient untrusting = HttpClient.newBuilder().sslContext(TestCertificates.trusting(certs.otherCa()))
            .connectTimeout(Duration.ofSeconds(5)).build();
        HttpClient plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (int port : ports()) {
            for (String path : List.of("/q/health", "/q/health/ready", "/q/health/live")) {
                HttpResponse<String> r = https.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), port + path + ": " + r.body());
                assertTrue(r.body().contains("\"UP\""), r.body());
            }
            String ready = "://localhost:" + port + "/q/health/ready";
            assertThrows(IOException.class, () -> plain.send(HttpRequest.newBuilder(URI.create("http" + ready))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()),
                "plain http on port " + port + " gets no answer: the connection is closed");
            IOException e = assertThrows(IOException.class, () -> untrusting.send(HttpRequest.newBuilder(
                URI.create("https" + ready)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()));
            assertTrue(causedBy(e, SSLHandshakeException.class), "port " + port + ": " + e);
        }
        // the lobby's readiness includes its database, reached over TLS
        HttpResponse<String> lobbyReady = https.send(HttpRequest.newBuilder(URI.create("https://localhost:" + lobby.port()
            + "/q/health/ready")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(lobbyReady.body().contains("Database connections health check"), lobbyReady.body());
    }

    /**
     * A browser's gRPC-Web call over HTTPS (HTTP/1.1 and HTTP/2): the bridge forwards it over TLS to its own port,
     * trusting only its own certificate, and the answer comes back framed.
     */
    @Test
    void grpcWebOverHttpsIsForwardedOverTls() throws Exception {
        for (HttpClient.Version version : List.of(HttpClient.Version.HTTP_1_1, HttpClient.Version.HTTP_2)) {
            String name = "tls-web-" + version.ordinal();
            byte[] message = com.plyyard.proto.v1.RegisterRequest.newBuilder().setName(name).build().toByteArray();
            byte[] body = java.nio.ByteBuffer.allocate(5 + message.length).put((byte) 0).putInt(message.length)
                .put(message).array();
            HttpClient https = HttpClient.newBuilder().version(version).sslContext(certs.clientContext())
                .connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<byte[]> r = https.send(HttpRequest.newBuilder(URI.create("https://localhost:" + lobby.port()
                    + "/plyyard.v1.LobbyService/Register"))
                .header("content-type", "application/grpc-web+proto").header("x-grpc-web", "1")
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode(), version + ": " + new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
            java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(r.body());
            assertEquals(0, in.get(), version + ": a message frame first");
            byte[] reply = new byte[in.getInt()];
            in.get(reply);
            com.plyyard.proto.v1.RegisterResponse registered = com.plyyard.proto.v1.RegisterResponse.parseFrom(reply);
            assertEquals(name, registered.getPlayer().getName());
            assertTrue(registered.getToken().length() > 20);
            assertEquals((byte) 0x80, in.get(), version + ": then the trailers");
            byte[] trailers = new byte[in.getInt()];
            in.get(trailers);
            assertTrue(new String(trailers, java.nio.charset.StandardCharsets.US_ASCII).startsWith("grpc-status:0\r\n"));
        }
    }

    // ------------------------------------------------------------------------------------------------- each service

    @Test
    void rulesServiceAnswersOverTls() {
        RulesServiceGrpc.RulesServiceBlockingStub stub = RulesServiceGrpc.newBlockingStub(trusted(rules.port()))
            .withDeadlineAfter(10, TimeUnit.SECONDS);
        GameState start = stub.newGame(NewGameRequest.newBuilder().setVariant("draughts:fmjd").build());
        assertEquals("draughts:fmjd", start.getVariant().getId());
        assertEquals(9, stub.legalMoves(LegalMovesRequest.newBuilder().setState(start).build()).getMovesCount(),
            "nine opening moves in international draughts");
    }

    @Test
    void aiServiceAnswersOverTlsAlsoAStream() {
        GameState start = RulesServiceGrpc.newBlockingStub(trusted(rules.port()))
            .newGame(NewGameRequest.newBuilder().setVariant("draughts:fmjd").build());
        List<String> legal = RulesServiceGrpc.newBlockingStub(trusted(rules.port()))
            .legalMoves(LegalMovesRequest.newBuilder().setState(start).build()).getMovesList().stream().map(Move::getNotation)
            .toList();
        EngineServiceGrpc.EngineServiceBlockingStub engine = EngineServiceGrpc.newBlockingStub(trusted(ai.port()))
            .withDeadlineAfter(30, TimeUnit.SECONDS);
        BestMoveRequest request = BestMoveRequest.newBuilder().setState(start)
            .setLimits(SearchLimits.newBuilder().setDepth(3)).build();
        BestMoveResponse best = engine.bestMove(request);
        assertTrue(legal.contains(best.getMove().getNotation()), best.getMove().getNotation() + " in " + legal);
        List<AnalysisLine> lines = new ArrayList<>();
        engine.analyze(request).forEachRemaining(lines::add);
        assertEquals(List.of(1, 2, 3), lines.stream().map(l -> (int) l.getDepth()).toList(), "one line per depth, streamed");
        assertTrue(legal.contains(lines.get(2).getPv(0)));
    }

    /**
     * The lobby over TLS: two players register, create and join a match; one watches it (a server stream) while the
     * other moves, which the lobby validates through rules-service over TLS and stores through PostgreSQL over TLS.
     */
    @Test
    void aMoveThroughTheLobbyAndRulesServiceIsStreamedOverTls() {
        ManagedChannel channel = lobby.channel();
        TestPlayer white = Clients.register(channel, "tls-w");
        TestPlayer black = Clients.register(channel, "tls-b");
        Match m = white.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .setTimeControl(TimeControl.newBuilder().setInitialSeconds(600))
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(black.name())).build());
        m = black.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        try (EventStream stream = black.watch(m.getId(), 0)) {
            MatchEvent snapshot = stream.next();
            assertTrue(snapshot.hasSnapshot(), snapshot::toString);
            String move = firstMove(m.getState());
            Match after = white.move(m, move);
            assertEquals(1, after.getMovesCount());
            MatchEvent played = stream.until(MatchEvent::hasMovePlayed, Duration.ofSeconds(20));
            assertEquals(move, played.getMovePlayed().getMove().getNotation());
            assertEquals(after.getState(), played.getMovePlayed().getState());
            assertEquals(1, black.get(m.getId()).getState().getToMove(), "black to move: the rules applied it");
        }
    }

    @Test
    void anAiSeatIsPlayedThroughAiServiceOverTls() {
        TestPlayer human = Clients.register(lobby.channel(), "tls-h");
        Match m = human.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setAiLevel(1)).build());
        try (EventStream stream = human.watch(m.getId(), 0)) {
            m = human.move(human.get(m.getId()), firstMove(m.getState()));
            MatchEvent reply = stream.until(e -> e.hasMovePlayed() && e.getMovePlayed().getSeat() == 1, Duration.ofSeconds(60));
            assertEquals(2, reply.getMovePlayed().getPly());
        }
        assertEquals(2, human.get(m.getId()).getMovesCount());
    }

    /** Every connection the lobby holds to PostgreSQL (its pool and its LISTEN connection) is encrypted. */
    @Test
    void theLobbysDatabaseConnectionsUseTls() throws Exception {
        Clients.register(lobby.channel(), "tls-db"); // the pool is in use
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl() + "&sslmode=disable");
             ResultSet r = c.createStatement().executeQuery("SELECT s.ssl, a.query FROM pg_stat_ssl s JOIN pg_stat_activity a "
                 + "USING (pid) WHERE a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()")) {
            List<String> plain = new ArrayList<>();
            int count = 0;
            while (r.next()) {
                count++;
                if (!r.getBoolean(1)) {
                    plain.add(r.getString(2));
                }
            }
            assertTrue(count >= 2, "the lobby's pool and its LISTEN connection: " + count);
            assertEquals(List.of(), plain, "connections without TLS");
        }
    }

    // ------------------------------------------------------------------------------------------------- misconfigured

    /** A lobby that does not trust rules-service's certificate (no RULES_TLS_TRUST) cannot use it, and says so. */
    @Test
    void aLobbyNotSetUpForTlsCannotReachTheRulesService() {
        try (LobbyProcess plainLobby = LobbyProcess.start(Processes.freePort(), pg, rules.port(), ai.port(), Map.of(),
            Map.of("DB_URL", pg.jdbcUrl() + "&sslmode=verify-full&sslrootcert=" + certs.ca()), "tls-lobby-plain", null)) {
            TestPlayer p = Clients.register(plainLobby.channel(), "tls-p");
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> p.matches().createMatch(
                CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").addSeats(SeatSpec.newBuilder().setMe(true))
                    .addSeats(SeatSpec.newBuilder().setOpen(true)).build()));
            assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode());
            assertTrue(e.getStatus().getDescription().contains("rules-service"), e.getStatus().getDescription());
        }
    }

    @Test
    void aCertificateWithoutItsKeyStopsTheServiceWithASentence() throws Exception {
        Path log = LOGS.resolve("tls-half-configured.log").toAbsolutePath();
        int port = Processes.freePort();
        Process p = Processes.startJar(Processes.rulesJar(), List.of("-Dquarkus.http.port=" + port),
            Map.of("RULES_PORT", Integer.toString(port), "TLS_CERT", certs.cert().toString()), log);
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "rules-service should have stopped at once");
            assertNotEquals(0, p.exitValue());
            assertTrue(Files.readString(log).contains("TLS is half configured, so the service does not start: TLS_CERT "
                + "(plyyard.tls.cert) is set but TLS_KEY (plyyard.tls.key) is not"), Processes.tail(log));
        } finally {
            p.destroyForcibly();
        }
    }

    private static String firstMove(GameState state) {
        Iterator<Move> moves = RulesServiceGrpc.newBlockingStub(trusted(rules.port()))
            .legalMoves(LegalMovesRequest.newBuilder().setState(state).build()).getMovesList().iterator();
        return moves.next().getNotation();
    }
}
