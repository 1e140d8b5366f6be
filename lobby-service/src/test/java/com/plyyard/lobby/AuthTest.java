package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Register, tokens (only their hash is stored), the bearer metadata, health. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AuthTest extends LobbyTestBase {
    @Test
    void registerGivesATokenWhoseHashAloneIsStored() throws Exception {
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel)
            .register(RegisterRequest.newBuilder().setName("Alice_" + System.nanoTime() % 100000).build());
        assertEquals(43, r.getToken().length(), "32 bytes, base64url without padding");
        assertEquals(32, Base64.getUrlDecoder().decode(r.getToken()).length);
        TestPlayer alice = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        Player me = alice.lobby().whoAmI(WhoAmIRequest.getDefaultInstance());
        assertEquals(r.getPlayer(), me);
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(r.getToken().getBytes(StandardCharsets.US_ASCII));
        assertEquals(1, count("SELECT count(*) FROM tokens WHERE hash = ? AND player_id = ?::uuid", hash, me.getId()));
        assertEquals(0, count("SELECT count(*) FROM tokens WHERE encode(hash, 'escape') LIKE ?", "%" + r.getToken() + "%"));
    }

    @Test
    void namesAreCheckedAndUniqueIgnoringCase() {
        var lobby = LobbyServiceGrpc.newBlockingStub(channel);
        String name = "Bob" + System.nanoTime() % 100000;
        lobby.register(RegisterRequest.newBuilder().setName(name).build());
        assertStatus(Status.Code.ALREADY_EXISTS, () -> lobby.register(RegisterRequest.newBuilder().setName(name.toUpperCase()).build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> lobby.register(RegisterRequest.newBuilder().setName("x").build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> lobby.register(RegisterRequest.newBuilder().setName("no spaces").build()));
        assertStatus(Status.Code.INVALID_ARGUMENT, () -> lobby.register(RegisterRequest.newBuilder().setName("a".repeat(33)).build()));
    }

    @Test
    void everyOtherCallNeedsAKnownToken() {
        assertStatus(Status.Code.UNAUTHENTICATED, () -> LobbyServiceGrpc.newBlockingStub(channel).whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertStatus(Status.Code.UNAUTHENTICATED, () -> MatchServiceGrpc.newBlockingStub(channel)
            .getMatch(GetMatchRequest.newBuilder().setMatchId("00000000-0000-0000-0000-000000000000").build()));
        TestPlayer stranger = TestPlayer.of(channel, Player.getDefaultInstance(), "not-a-token");
        String d = assertStatus(Status.Code.UNAUTHENTICATED, () -> stranger.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertTrue(d.contains("Register"), d);
        assertStatus(Status.Code.UNAUTHENTICATED, () -> stranger.get("00000000-0000-0000-0000-000000000000"));
        TestPlayer a = register("tok");
        TestPlayer b = register("tok");
        assertNotEquals(a.token(), b.token());
    }

    @Test
    void healthNeedsNoToken() {
        HealthCheckResponse.ServingStatus s = HealthGrpc.newBlockingStub(channel)
            .check(HealthCheckRequest.newBuilder().setService("plyyard.v1.MatchService").build()).getStatus();
        assertEquals(HealthCheckResponse.ServingStatus.SERVING, s);
    }

    @Test
    void logoutRevokesTheTokenAtOnce() {
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel).register(RegisterRequest.newBuilder()
            .setName("Leaving_" + System.nanoTime() % 100000)
            .build());
        TestPlayer p = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        assertEquals(r.getPlayer(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "known, and now cached");
        assertEquals(1, p.lobby().logout(com.plyyard.proto.v1.LogoutRequest.getDefaultInstance()).getRevoked());
        assertStatus(Status.Code.UNAUTHENTICATED, () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertStatus(Status.Code.UNAUTHENTICATED, () -> p.lobby().logout(com.plyyard.proto.v1.LogoutRequest.getDefaultInstance()));
        assertEquals(0, count("SELECT count(*) FROM tokens WHERE player_id = ?::uuid", r.getPlayer().getId()),
            "the token row is gone");
    }

    @Test
    void renewTokenGivesANewTokenAndRevokesTheCallingOne() {
        TestPlayer p = register("renew");
        RegisterResponse r = p.lobby().renewToken(com.plyyard.proto.v1.RenewTokenRequest.getDefaultInstance());
        assertEquals(p.player(), r.getPlayer());
        assertNotEquals(p.token(), r.getToken());
        assertEquals(0, r.getExpiresAtEpochMillis(), "tokens do not expire in the default configuration");
        assertStatus(Status.Code.UNAUTHENTICATED, () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        TestPlayer renewed = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        assertEquals(p.player(), renewed.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(1, count("SELECT count(*) FROM tokens WHERE player_id = ?::uuid", p.player().getId()),
            "one token: the new one");
    }

    /** This lobby runs without an operator key: the operator service refuses everyone, and nothing changes. */
    @Test
    void operatorCallsAreRefusedWithoutAConfiguredKey() {
        TestPlayer p = register("op-target");
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + p.token());
        var operator = com.plyyard.proto.v1.OperatorServiceGrpc.newBlockingStub(channel)
            .withInterceptors(io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(md));
        String d = assertStatus(Status.Code.PERMISSION_DENIED, () -> operator.revokeTokens(
            com.plyyard.proto.v1.RevokeTokensRequest.newBuilder().setPlayerName(p.name()).build()));
        assertTrue(d.contains("OPERATOR_KEY"), d);
        assertEquals(p.player(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "the token still works");
    }
}
