package com.plyyard.client.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.cli.CliException;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signing in against a scripted lobby over a real socket: the client decides by the status code (not by the
 * sentence) whether a stored token is stale (register again) or a name is taken (say so).
 */
@Timeout(60)
class LobbySignInTest {
    @TempDir
    Path home;

    private Server server;
    private final List<String> registered = new ArrayList<>();
    private volatile int askedWho;

    /** Knows no token at all (its data was wiped), and has the name "taken" already. */
    private final class WipedLobby extends LobbyServiceGrpc.LobbyServiceImplBase {
        @Override
        public void whoAmI(WhoAmIRequest request, StreamObserver<Player> out) {
            askedWho++;
            out.onError(Status.UNAUTHENTICATED.withDescription("Unknown here.").asRuntimeException());
        }

        @Override
        public void register(RegisterRequest request, StreamObserver<RegisterResponse> out) {
            if (request.getName().equals("taken")) {
                out.onError(Status.ALREADY_EXISTS.withDescription("Someone has it.").asRuntimeException());
                return;
            }
            registered.add(request.getName());
            out.onNext(RegisterResponse.newBuilder().setToken("fresh-token")
                .setPlayer(Player.newBuilder().setId("id-" + request.getName()).setName(request.getName())).build());
            out.onCompleted();
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", 0)).addService(new WipedLobby()).build()
            .start();
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void stop() {
        server.shutdownNow();
        System.clearProperty("plyyard.credentials.dir");
    }

    private String target() {
        return "localhost:" + server.getPort();
    }

    /** The credentials file as the client writes it (a properties file: the ':' of the target is escaped). */
    private void keep(String name, String token) throws java.io.IOException {
        java.util.Properties stored = new java.util.Properties();
        stored.setProperty(target() + "/" + name + ".token", token);
        stored.setProperty(target() + ".name", name);
        try (java.io.Writer w = Files.newBufferedWriter(home.resolve("credentials.properties"))) {
            stored.store(w, null);
        }
    }

    @Test
    void aStaleTokenIsReplacedByANewRegistration() throws Exception {
        keep("alice", "old-token");
        try (Lobby lobby = Lobby.connect(target(), "alice")) {
            assertEquals("alice", lobby.me().getName());
        }
        assertEquals(1, askedWho, "the stored token was tried first");
        assertEquals(List.of("alice"), registered);
        assertTrue(Files.readString(home.resolve("credentials.properties")).contains("fresh-token"));
    }

    @Test
    void aTakenNameWithoutATokenIsBadInputNamingIt() {
        CliException e = assertThrows(CliException.class, () -> Lobby.connect(target(), "taken"));
        assertEquals(CliException.BAD_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains("The name 'taken' is taken"), e.getMessage());
        assertTrue(e.getMessage().contains("if it is yours, sign in with ./plyyard login --name taken"), e.getMessage());
        assertEquals(List.of(), registered);
    }

    @Test
    void anEndedSessionOfATakenNameIsForgottenAndTheSentenceSaysHowToSignInAgain() throws Exception {
        keep("taken", "ended-token");
        CliException e = assertThrows(CliException.class, () -> Lobby.connect(target(), "taken"));
        assertEquals(CliException.BAD_INPUT, e.exitCode());
        assertEquals("The name 'taken' is taken on " + target() + " and this machine has no token for it (the one it had was "
            + "refused: Unknown here); if it is yours, sign in with ./plyyard login --name taken, otherwise choose another "
            + "--name (or set PLYYARD_TOKEN).", e.getMessage());
        String kept = Files.readString(home.resolve("credentials.properties"));
        assertTrue(!kept.contains("ended-token"), kept);
        assertTrue(kept.contains(".name=taken"), "the name stays the default: " + kept);
    }
}
