package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.RevokeTokensResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged lobby takes its token lifetime and operator key from the environment (TOKEN_LIFETIME, OPERATOR_KEY), as an
 * operator gives them. What those settings then do — a token working for exactly its lifetime, RenewToken before and
 * after the expiry, every RPC refusing an expired token, the operator's refusals and revocation — is tested in-process,
 * with the lobby's clock moved by hand instead of waited for: grpc.TokenLifetimeTest, grpc.EveryRefusalTest, AuthTest.
 */
class TokensIT {
    /** In the form the documentation gives (application.properties: "e.g. 30d"). */
    private static final String LIFETIME_SETTING = "30d";
    private static final Duration LIFETIME = Duration.ofDays(30);
    private static final String OPERATOR_KEY = "tokens-it-operator-key-0123456789abcdef";
    private static EmbeddedPostgresProcess pg;
    private static LobbyProcess lobby;

    @BeforeAll
    static void start() {
        pg = EmbeddedPostgresProcess.start();
        // no rules-service: nothing here plays
        lobby = LobbyProcess.start(Processes.freePort(), pg, Processes.freePort(), Processes.freePort(), Map.of(
            "TOKEN_LIFETIME", LIFETIME_SETTING, "OPERATOR_KEY", OPERATOR_KEY), "tokens");
    }

    @AfterAll
    static void stop() {
        if (lobby != null) {
            lobby.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void tokenLifetimeFromTheEnvironment() {
        long before = System.currentTimeMillis();
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(lobby.channel()).register(
            RegisterRequest.newBuilder().setName("expiring-" + System.nanoTime() % 100000).build());
        long after = System.currentTimeMillis();
        long expires = r.getExpiresAtEpochMillis();
        // the lobby's clock is the database's, on this machine: within the call's span of the test's own
        assertTrue(expires >= before + LIFETIME.toMillis() - 1000 && expires <= after + LIFETIME.toMillis() + 1000,
            "expires one lifetime (" + LIFETIME_SETTING + ") after Register: " + expires);
        TestPlayer p = TestPlayer.of(lobby.channel(), r.getPlayer(), r.getToken());
        assertEquals(r.getPlayer(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
    }

    @Test
    void operatorKeyFromTheEnvironment() {
        TestPlayer target = Clients.register(lobby.channel(), "revoked");
        assertEquals(target.player(), target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "cached");
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + OPERATOR_KEY);
        RevokeTokensResponse done = OperatorServiceGrpc.newBlockingStub(lobby.channel())
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md))
            .revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(target.name()).build());
        assertEquals(target.player(), done.getPlayer());
        assertEquals(1, done.getRevoked());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
    }
}
