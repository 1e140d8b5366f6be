package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.RevokeTokensResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Register, tokens (only their hash is stored), the bearer metadata, the operator's revocation, health. */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class AuthTest extends LobbyTestBase {
    private static final String UNKNOWN_TOKEN = "The token is not known here (signed out, revoked, or never issued); sign in again "
        + "(AccountService.SignIn) or register (Register).";

    @Inject
    ManualClock clock;

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
        assertEquals(1, count("SELECT count(*) FROM sessions WHERE hash = ? AND player_id = ?::uuid", hash, me.getId()));
        assertEquals(0, count("SELECT count(*) FROM sessions WHERE encode(hash, 'escape') LIKE ?", "%" + r.getToken() + "%"));
    }

    @Test
    void namesAreCheckedAndUniqueIgnoringCase() {
        var lobby = LobbyServiceGrpc.newBlockingStub(channel);
        String name = "Bob" + System.nanoTime() % 100000;
        lobby.register(RegisterRequest.newBuilder().setName(name).build());
        long players = count("SELECT count(*) FROM players");
        assertEquals("The name '" + name.toUpperCase() + "' is taken (names are unique ignoring case); choose another.",
            assertStatus(Status.Code.ALREADY_EXISTS, () -> lobby.register(RegisterRequest.newBuilder().setName(name.toUpperCase()).build())));
        for (String bad : new String[] {"x", "no spaces", "a".repeat(33), "née"}) {
            assertEquals("A player name has 2 to 32 characters among letters, digits, '_' and '-'; '" + bad + "' does not.",
                assertStatus(Status.Code.INVALID_ARGUMENT, () -> lobby.register(RegisterRequest.newBuilder().setName(bad).build())));
        }
        assertEquals(players, count("SELECT count(*) FROM players"), "a refused Register stores no player");
    }

    @Test
    void everyOtherCallNeedsAKnownToken() {
        assertEquals("This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register gives a token.", assertStatus(
            Status.Code.UNAUTHENTICATED, () -> LobbyServiceGrpc.newBlockingStub(channel).whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertStatus(Status.Code.UNAUTHENTICATED, () -> MatchServiceGrpc.newBlockingStub(channel)
            .getMatch(GetMatchRequest.newBuilder().setMatchId("00000000-0000-0000-0000-000000000000").build()));
        TestPlayer stranger = TestPlayer.of(channel, Player.getDefaultInstance(), "not-a-token");
        String d = assertStatus(Status.Code.UNAUTHENTICATED, () -> stranger.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(UNKNOWN_TOKEN, d);
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
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> p.lobby().logout(com.plyyard.proto.v1.LogoutRequest.getDefaultInstance())));
        assertEquals(0, count("SELECT count(*) FROM sessions WHERE player_id = ?::uuid", r.getPlayer().getId()),
            "the token row is gone");
    }

    @Test
    void renewTokenGivesANewTokenAndRevokesTheCallingOne() {
        TestPlayer p = register("renew");
        RegisterResponse r = p.lobby().renewToken(com.plyyard.proto.v1.RenewTokenRequest.getDefaultInstance());
        assertEquals(p.player(), r.getPlayer());
        assertNotEquals(p.token(), r.getToken());
        assertEquals(clock.nowMillis() + ServiceTestProfile.TOKEN_LIFETIME.toMillis(), r.getExpiresAtEpochMillis(),
            "a renewed token works for a lifetime from its renewal (TokenLifetimeTest passes it)");
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> p.lobby().renewToken(com.plyyard.proto.v1.RenewTokenRequest.getDefaultInstance())), "renewed once only");
        TestPlayer renewed = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        assertEquals(p.player(), renewed.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(1, count("SELECT count(*) FROM sessions WHERE player_id = ?::uuid", p.player().getId()),
            "one token: the new one");
    }

    /**
     * The operator revokes every token of a player named in any case (their cached token too); the others' tokens keep
     * working. Its refusals (no key, a wrong key, no or an unknown name) are in {@code grpc.EveryRefusalTest}, the lobby
     * without a key in {@code grpc.OperatorKeyCheckTest}.
     */
    @Test
    void theOperatorRevokesEveryTokenOfAPlayer() {
        TestPlayer target = register("revoked");
        TestPlayer bystander = register("bystander");
        RegisterResponse second = target.lobby().renewToken(com.plyyard.proto.v1.RenewTokenRequest.getDefaultInstance());
        TestPlayer renewed = TestPlayer.of(channel, second.getPlayer(), second.getToken());
        assertEquals(target.player(), renewed.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "cached");
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + ServiceTestProfile.OPERATOR_KEY);
        var operator = OperatorServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
        RevokeTokensRequest request = RevokeTokensRequest.newBuilder().setPlayerName(target.name().toUpperCase()).build();

        RevokeTokensResponse done = operator.revokeTokens(request);
        assertEquals(target.player(), done.getPlayer());
        assertEquals(1, done.getRevoked());
        assertEquals(UNKNOWN_TOKEN, assertStatus(Status.Code.UNAUTHENTICATED,
            () -> renewed.lobby().whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertEquals(0, count("SELECT count(*) FROM sessions WHERE player_id = ?::uuid", target.player().getId()));
        assertEquals(bystander.player(), bystander.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()));
        assertEquals(0, operator.revokeTokens(request).getRevoked(), "again: nothing left to revoke");
    }
}
