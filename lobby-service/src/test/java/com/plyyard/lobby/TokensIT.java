package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RenewTokenRequest;
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
 * Token expiry and the operator's revocation, on the packaged lobby configured by environment variables
 * (TOKEN_LIFETIME, OPERATOR_KEY) as an operator would.
 */
class TokensIT {
    private static final Duration LIFETIME = Duration.ofSeconds(8);
    private static final String OPERATOR_KEY = "tokens-it-operator-key-0123456789abcdef";
    private static EmbeddedPostgresProcess pg;
    private static LobbyProcess lobby;

    @BeforeAll
    static void start() {
        pg = EmbeddedPostgresProcess.start();
        // no rules-service: nothing here plays
        lobby = LobbyProcess.start(Processes.freePort(), pg, Processes.freePort(), Processes.freePort(), Map.of(
            "TOKEN_LIFETIME", LIFETIME.toSeconds() + "s", "OPERATOR_KEY", OPERATOR_KEY), "tokens");
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

    private static OperatorServiceGrpc.OperatorServiceBlockingStub operator(String key) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
        return OperatorServiceGrpc.newBlockingStub(lobby.channel()).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    @Test
    void tokensExpireAndARenewedTokenLastsItsOwnLifetime() {
        long before = System.currentTimeMillis();
        RegisterResponse r = com.plyyard.proto.v1.LobbyServiceGrpc.newBlockingStub(lobby.channel()).register(
            com.plyyard.proto.v1.RegisterRequest.newBuilder().setName("expiring-" + System.nanoTime() % 100000).build());
        long expires = r.getExpiresAtEpochMillis();
        assertTrue(expires >= before + LIFETIME.toMillis() && expires <= System.currentTimeMillis() + LIFETIME.toMillis(),
            "expires one lifetime after Register: " + expires);
        TestPlayer p = TestPlayer.of(lobby.channel(), r.getPlayer(), r.getToken());
        assertEquals(r.getPlayer(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "known, and now cached");

        Processes.sleep(1500);
        RegisterResponse renewed = p.lobby().renewToken(RenewTokenRequest.getDefaultInstance());
        assertTrue(renewed.getExpiresAtEpochMillis() >= expires + 1000, "a new lifetime from the renewal");
        assertStatus(Status.Code.UNAUTHENTICATED, () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        TestPlayer q = TestPlayer.of(lobby.channel(), renewed.getPlayer(), renewed.getToken());
        assertEquals(r.getPlayer(), q.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));

        Processes.sleep(Math.max(0, renewed.getExpiresAtEpochMillis() - System.currentTimeMillis()) + 200);
        String d = assertStatus(Status.Code.UNAUTHENTICATED, () -> q.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertTrue(d.contains("expired"), d);
        assertStatus(Status.Code.UNAUTHENTICATED, () -> q.lobby().renewToken(RenewTokenRequest.getDefaultInstance()));
    }

    @Test
    void theOperatorRevokesEveryTokenOfAPlayer() {
        TestPlayer target = Clients.register(lobby.channel(), "revoked");
        TestPlayer bystander = Clients.register(lobby.channel(), "bystander");
        assertEquals(target.player(), target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "cached");

        RevokeTokensRequest request = RevokeTokensRequest.newBuilder().setPlayerName(target.name().toUpperCase()).build();
        assertStatus(Status.Code.UNAUTHENTICATED, () -> operator("not-the-key-not-the-key-not-the-key!").revokeTokens(request));
        // a player's token is not the operator key
        assertStatus(Status.Code.UNAUTHENTICATED, () -> operator(target.token()).revokeTokens(request));
        assertEquals(target.player(), target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "refusals change nothing");
        String missing = assertStatus(Status.Code.NOT_FOUND, () -> operator(OPERATOR_KEY).revokeTokens(
            RevokeTokensRequest.newBuilder().setPlayerName("nobody-here").build()));
        assertTrue(missing.contains("nobody-here"), missing);
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> operator(OPERATOR_KEY).revokeTokens(RevokeTokensRequest.getDefaultInstance()));

        RevokeTokensResponse done = operator(OPERATOR_KEY).revokeTokens(request);
        assertEquals(target.player(), done.getPlayer());
        assertEquals(1, done.getRevoked());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> target.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(bystander.player(), bystander.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(0, operator(OPERATOR_KEY).revokeTokens(request).getRevoked(), "again: nothing left to revoke");
        assertNotEquals(target.token(), bystander.token());
    }
}
