package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.grpc.testing.TestCertificates;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Ratings;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.Status;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The online commands' TLS options against a scripted lobby over real sockets, one serving TLS with a certificate made
 * for this run and one serving plain text: {@code --tls}, {@code --ca FILE} and {@code PLYYARD_TLS_CA} (read by picocli
 * from the system property or the environment variable of that name), and the one sentence each mismatch gets.
 */
@Timeout(120)
class TlsCommandsTest {
    private static TestCertificates certs;
    private static Server tlsLobby;
    private static Server plainLobby;

    @TempDir
    Path home;

    /** Registers anyone; knows no token; nobody has ratings. */
    private static final class ScriptedLobby extends LobbyServiceGrpc.LobbyServiceImplBase {
        @Override
        public void whoAmI(WhoAmIRequest request, StreamObserver<Player> out) {
            out.onError(Status.UNAUTHENTICATED.withDescription("Unknown here.").asRuntimeException());
        }

        @Override
        public void register(RegisterRequest request, StreamObserver<RegisterResponse> out) {
            out.onNext(RegisterResponse.newBuilder().setToken("t-" + request.getName())
                .setPlayer(Player.newBuilder().setId("id-" + request.getName()).setName(request.getName())).build());
            out.onCompleted();
        }
    }

    private static final class ScriptedMatchmaking extends MatchmakingServiceGrpc.MatchmakingServiceImplBase {
        @Override
        public void getRatings(GetRatingsRequest request, StreamObserver<Ratings> out) {
            out.onNext(Ratings.newBuilder().setPlayer(Player.newBuilder().setName("tls-ann")).build());
            out.onCompleted();
        }
    }

    private static Server serve(ServerCredentials credentials) throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), credentials)
            .addService(new ScriptedLobby()).addService(new ScriptedMatchmaking()).build().start();
    }

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        certs = TestCertificates.generate(dir);
        tlsLobby = serve(TlsServerCredentials.create(certs.cert().toFile(), certs.key().toFile()));
        plainLobby = serve(InsecureServerCredentials.create());
    }

    @AfterAll
    static void stop() {
        tlsLobby.shutdownNow();
        plainLobby.shutdownNow();
    }

    @BeforeEach
    void credentials() {
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void clear() {
        System.clearProperty("plyyard.credentials.dir");
        System.clearProperty("PLYYARD_TLS_CA");
    }

    private static String target(Server s) {
        return "localhost:" + s.getPort();
    }

    private static Run ratings(Server s, String... tls) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("ratings", "--target", target(s), "--name",
            "tls-ann"));
        args.addAll(java.util.List.of(tls));
        return Run.of(args.toArray(String[]::new));
    }

    private static void answered(Run r) {
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertEquals(java.util.List.of("no rated games yet for tls-ann"), r.out());
    }

    private static String failed(Run r, int code) {
        assertEquals(code, r.exitCode(), () -> r.out() + " / " + r.err());
        assertEquals(1, r.err().size(), r.err()::toString);
        return r.err().get(0);
    }

    @Test
    void tlsTrustingTheCaGetsTheAnswer() {
        answered(ratings(tlsLobby, "--tls", "--ca", certs.ca().toString()));
        answered(ratings(tlsLobby, "--ca", certs.ca().toString())); // --ca alone means TLS
    }

    @Test
    void plyyardTlsCaChoosesTlsWithoutOptions() {
        System.setProperty("PLYYARD_TLS_CA", certs.ca().toString());
        answered(ratings(tlsLobby));
    }

    @Test
    void plainTextAgainstATlsPortIsOneSentenceThatSuggestsTls() {
        String line = failed(ratings(tlsLobby), 1);
        assertEquals("plyyard: lobby-service at " + target(tlsLobby) + " closed the connection; if it serves TLS, connect "
            + "with --tls (and --ca FILE for a certificate of your own).", line);
    }

    @Test
    void aCertificateTheClientDoesNotTrustFailsTheHandshake() {
        for (Run r : new Run[] {ratings(tlsLobby, "--tls"), ratings(tlsLobby, "--ca", certs.otherCa().toString())}) {
            String line = failed(r, 1);
            assertTrue(line.startsWith("plyyard: lobby-service at " + target(tlsLobby) + " failed the TLS handshake ("), line);
            assertTrue(line.endsWith("give the CA that signed it with --ca FILE (or PLYYARD_TLS_CA)."), line);
        }
    }

    @Test
    void tlsAgainstAPlainTextPortSaysItDoesNotSpeakTls() {
        assertEquals("plyyard: lobby-service at " + target(plainLobby) + " does not speak TLS; connect without --tls and "
            + "--ca (and PLYYARD_TLS_CA).", failed(ratings(plainLobby, "--ca", certs.ca().toString()), 1));
        answered(ratings(plainLobby)); // plain text stays the default
    }

    @Test
    void anUnreadableCaFileIsBadInput() throws IOException {
        Path missing = home.resolve("missing.pem");
        assertEquals("plyyard: --ca (or PLYYARD_TLS_CA) names " + missing + ", which is not a readable file.",
            failed(ratings(tlsLobby, "--ca", missing.toString()), 2));
        Path notPem = Files.writeString(home.resolve("not.pem"), "hello");
        assertTrue(failed(ratings(tlsLobby, "--ca", notPem.toString()), 2).startsWith("plyyard: --ca (or PLYYARD_TLS_CA)"));
    }

    @Test
    void benchLobbyTakesTheSameOptions() {
        Run r = Run.of("bench", "lobby", "--target", target(tlsLobby), "--tls", "--ca", certs.otherCa().toString(),
            "--games", "1", "--concurrency", "1");
        assertEquals(1, r.exitCode());
        assertTrue(r.err().get(0).contains("lobby-service at " + target(tlsLobby)), r.err()::toString);
        Run help = Run.of("bench", "lobby", "--help");
        assertTrue(String.join("\n", help.out()).contains("--ca=FILE"), help.out()::toString);
    }
}
