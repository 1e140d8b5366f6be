package com.plyyard.client.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal client's match stream outlives a lobby restart: the stopping lobby ends the stream UNAVAILABLE (as
 * lobby-service does on SIGTERM), the port is dead for a while, a new lobby comes up on it, and the client resumes
 * from the last version it saw — by itself, no gap, no repeat. Real sockets, two server lifetimes.
 */
@Timeout(60)
class MatchFollowerReconnectTest {
    @TempDir
    Path home;

    private Server server;
    private final List<Long> fromVersions = new CopyOnWriteArrayList<>();

    /** Sends the events after from_version up to {@code upTo}, then ends as a stopping lobby does (or stays open). */
    private final class ScriptedLobby extends MatchServiceGrpc.MatchServiceImplBase {
        private final long upTo;
        private final boolean stopping;

        ScriptedLobby(long upTo, boolean stopping) {
            this.upTo = upTo;
            this.stopping = stopping;
        }

        @Override
        public void watchMatch(WatchMatchRequest request, StreamObserver<MatchEvent> out) {
            fromVersions.add(request.getFromVersion());
            for (long v = request.getFromVersion() + 1; v <= upTo; v++) {
                out.onNext(MatchEvent.newBuilder().setMatchId(request.getMatchId()).setVersion(v).build());
            }
            if (stopping) {
                out.onError(Status.UNAVAILABLE.withDescription("lobby-service is shutting down; reconnect with from_version "
                    + upTo + ".").asRuntimeException());
            }
        }
    }

    private static final class Accounts extends LobbyServiceGrpc.LobbyServiceImplBase {
        @Override
        public void register(RegisterRequest request, StreamObserver<RegisterResponse> out) {
            out.onNext(RegisterResponse.newBuilder().setToken("t").setPlayer(Player.newBuilder().setId("1")
                .setName(request.getName())).build());
            out.onCompleted();
        }
    }

    private Server start(int port, long upTo, boolean stopping) throws Exception {
        return NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port))
            .addService(new ScriptedLobby(upTo, stopping)).addService(new Accounts()).build().start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdownNow();
        }
        System.clearProperty("plyyard.credentials.dir");
    }

    @Test
    void theStreamResumesAfterTheLobbyRestarts() throws Exception {
        System.setProperty("plyyard.credentials.dir", home.toString());
        server = start(0, 2, true);
        int port = server.getPort();
        try (Lobby lobby = Lobby.connect("localhost:" + port, "follower");
             MatchFollower follower = new MatchFollower(lobby, "m1", 0)) {
            assertEquals(1, ((MatchEvent) follower.next(5000)).getVersion());
            assertEquals(2, ((MatchEvent) follower.next(5000)).getVersion());
            server.shutdownNow().awaitTermination();
            Thread.sleep(700); // down: the client's attempts meanwhile fail and are tried again
            server = start(port, 4, false);
            Object third = follower.next(20_000);
            assertTrue(third instanceof MatchEvent, "resumed by itself, not " + third);
            assertEquals(3, ((MatchEvent) third).getVersion(), "no gap, no repeat");
            assertEquals(4, ((MatchEvent) follower.next(5000)).getVersion());
            assertEquals(2L, fromVersions.get(fromVersions.size() - 1), "asked the new lobby for what it missed");
            assertEquals(0L, fromVersions.get(0));
        }
    }
}
