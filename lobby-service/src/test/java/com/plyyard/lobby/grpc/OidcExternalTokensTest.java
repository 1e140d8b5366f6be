package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.players.ExternalIdentity;
import com.plyyard.lobby.players.ExternalTokens;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.DataInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The outside identity provider's tokens at the edge ({@link OidcExternalTokens}), against a provider made in the test
 * ({@link LocalIssuer}: an RSA key, its discovery document and key set on 127.0.0.1; nothing leaves the machine). A
 * token the provider signed for this lobby is accepted and read (issuer, subject, preferred name, expiry); every other
 * one is refused UNAUTHENTICATED with a sentence that says which check failed: expired, another issuer, another
 * audience, a signature that no longer matches, another key (unknown or posing under the provider's key id), no
 * subject, and things that are no token at all.
 *
 * <p>It also shows that quarkus-oidc, with a provider configured, changes nothing else at the edge: a Ply Yard token
 * works over gRPC and gRPC-Web, and the health and metrics paths answer requests whatever bearer they carry.
 */
@QuarkusTest
@TestProfile(OidcExternalTokensTest.WithLocalIssuer.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OidcExternalTokensTest {
    /** {@link ServiceTestProfile} (PostgreSQL only, the clock moved by hand) with {@link LocalIssuer} as the provider. */
    public static class WithLocalIssuer extends ServiceTestProfile {
        @Override
        public List<QuarkusTestProfile.TestResourceEntry> testResources() {
            return List.of(new QuarkusTestProfile.TestResourceEntry(LocalIssuer.class));
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    private static ManagedChannel channel;

    @Inject
    ExternalTokens tokens;

    @Inject
    ManualClock clock;

    @BeforeAll
    static void connect() {
        channel = ManagedChannelBuilder.forAddress("localhost", 17070).usePlaintext().build();
    }

    @AfterAll
    static void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    /** Now by the lobby's clock, in epoch seconds: tokens are made relative to it. */
    private long now() {
        return clock.nowMillis() / 1000;
    }

    private static String subject() {
        return "subject-" + UUID.randomUUID();
    }

    private void refused(String sentence, String bearer) {
        LobbyException e = assertThrows(LobbyException.class, () -> tokens.verify(bearer));
        assertEquals(ErrorKind.UNAUTHENTICATED, e.kind(), e.sentence());
        assertEquals(sentence, e.sentence());
    }

    @Test
    void theProvidersTokenForThisLobbyIsAcceptedAndRead() {
        assertTrue(tokens.enabled());
        String subject = subject();
        long now = now();
        String token = LocalIssuer.signed(LocalIssuer.claims(subject, "ana_oidc", now));
        assertTrue(ExternalTokens.looksExternal(token));

        ExternalIdentity who = tokens.verify(token);
        assertEquals(LocalIssuer.issuer(), who.issuer());
        assertEquals(subject, who.subject());
        assertEquals("ana_oidc", who.preferredName());
        assertEquals(Instant.ofEpochSecond(now + 300), who.expiresAt());

        // without preferred_username the suggested name is empty (the player chooses one)
        String nameless = LocalIssuer.signed(io.smallrye.jwt.build.Jwt.issuer(LocalIssuer.issuer())
            .audience(LocalIssuer.AUDIENCE).subject(subject).issuedAt(now).expiresAt(now + 300));
        assertEquals("", tokens.verify(nameless).preferredName());
    }

    @Test
    void anExpiredTokenIsRefused() {
        long now = now();
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), "late", now - 600).expiresAt(now - 60));
        refused("The identity provider's token expired at " + Instant.ofEpochSecond(now - 60) + "; get a new one from the "
            + "provider (sign in there again, or use its refresh token).", token);
    }

    /**
     * A token verified once is remembered until its expiry, and no longer: the lobby's clock moved past its {@code exp}
     * refuses it without asking anyone, and a token remembered costs no fetch of the provider's keys.
     */
    @Test
    void aRememberedTokenStopsAtItsExpiry() throws Exception {
        long now = now();
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), "brief", now).expiresAt(now + 30));
        int fetches = LocalIssuer.keySetFetches();
        ExternalIdentity who = tokens.verify(token);
        for (int i = 0; i < 5; i++) {
            assertEquals(who, tokens.verify(token));
        }
        assertEquals(fetches, LocalIssuer.keySetFetches(), "the provider's keys are not fetched per call");

        clock.advance(Duration.ofSeconds(29));
        assertEquals(who, tokens.verify(token), "1 s is left");
        clock.advance(Duration.ofSeconds(1));
        refused("The identity provider's token expired at " + Instant.ofEpochSecond(now + 30) + "; get a new one from the "
            + "provider (sign in there again, or use its refresh token).", token);
    }

    @Test
    void anotherIssuersTokenIsRefused() {
        String other = "http://127.0.0.1:1/realms/elsewhere";
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), "x", now()).issuer(other));
        refused("The token was issued by '" + other + "', not by this lobby's identity provider (" + LocalIssuer.issuer()
            + ").", token);
    }

    @Test
    void aTokenForAnotherAudienceIsRefused() {
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), "x", now()).audience("another-application"));
        refused("The token is not meant for this lobby: its audience ('aud') does not name '" + LocalIssuer.AUDIENCE
            + "'; ask the identity provider for a token for Ply Yard.", token);
    }

    @Test
    void aTamperedTokenIsRefused() {
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), "mallory", now()));
        String[] parts = token.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        String changed = payload.replace("\"mallory\"", "\"admin__\"");
        assertFalse(changed.equals(payload));
        String tampered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
            .encodeToString(changed.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
        refused(SIGNATURE, tampered);
        // and a signature cut off or swapped for another token's
        refused(SIGNATURE, parts[0] + "." + parts[1] + "." + parts[2].substring(0, parts[2].length() - 8) + "AAAAAAAA");
    }

    private static final String SIGNATURE = "The token's signature does not verify with the identity provider's keys: it "
        + "was altered after the provider signed it, or signed by someone else.";

    /**
     * Another key: under the provider's own key id its signature does not verify; under a key id the provider does not
     * publish it is refused as such. And a key rotation: a key the provider starts publishing after the lobby read its
     * key set is fetched on the first token that names it, and its tokens are accepted; the lobby fetches the key set
     * again for an unknown key id at most once every 10 minutes (quarkus-oidc's forced-refresh interval), so a flood of
     * forged key ids costs the provider nothing. (One test, and the first, since any token naming an unknown key starts
     * the 10 minutes.)
     */
    @Test
    @Order(1)
    void anotherKeyIsRefusedAndARotatedKeyIsFetched() throws Exception {
        KeyPair other = LocalIssuer.anotherKey();
        refused(SIGNATURE, LocalIssuer.signedWith(other.getPrivate(), LocalIssuer.KEY_ID,
            LocalIssuer.claims(subject(), "forger", now())));

        int before = LocalIssuer.keySetFetches();
        LocalIssuer.rotate();
        String subject = subject();
        ExternalIdentity rotated = tokens.verify(LocalIssuer.signedWithNewKey(LocalIssuer.claims(subject, "rotated", now())));
        assertEquals(subject, rotated.subject());
        assertEquals(before + 1, LocalIssuer.keySetFetches(), "the key set was fetched again for the new key id");

        String unknown = "The token is signed with a key the identity provider (" + LocalIssuer.issuer() + ") does not "
            + "publish, so it was not made by that provider.";
        for (int i = 0; i < 3; i++) {
            refused(unknown, LocalIssuer.signedWith(other.getPrivate(), "unknown-key-" + i,
                LocalIssuer.claims(subject(), "forger", now())));
        }
        assertEquals(before + 1, LocalIssuer.keySetFetches(), "no fetch for forged key ids within 10 minutes");
    }

    /** A token signed with a shared secret (HS256), which a provider's published keys never are: refused. */
    @Test
    void aTokenSignedWithASharedSecretIsRefused() {
        String token = LocalIssuer.claims(subject(), "hmac", now()).jws().keyId(LocalIssuer.KEY_ID)
            .algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.HS256)
            .signWithSecret("a-shared-secret-of-at-least-thirty-two-bytes");
        LobbyException e = assertThrows(LobbyException.class, () -> tokens.verify(token));
        assertEquals(ErrorKind.UNAUTHENTICATED, e.kind(), e.sentence());
    }

    @Test
    void aTokenWithoutSubjectIsRefused() {
        long now = now();
        String token = LocalIssuer.signed(io.smallrye.jwt.build.Jwt.issuer(LocalIssuer.issuer())
            .audience(LocalIssuer.AUDIENCE).claim("preferred_username", "nobody").issuedAt(now).expiresAt(now + 300));
        refused("The identity provider's token names no subject ('sub'), so it cannot stand for a player.", token);
    }

    @Test
    void garbageIsRefused() {
        String valid = LocalIssuer.signed(LocalIssuer.claims(subject(), "x", now()));
        String[] parts = valid.split("\\.");
        for (String garbage : List.of("a.b.c", "not.a.token", "....", "x.y", "no-dots-at-all",
            "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", // alg none, no signature
            parts[0] + ".%%%." + parts[2], // a payload that is not base64url
            Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8))
                + ".bm90IGpzb24." + parts[2], // a payload that is not JSON
            valid + ".extra")) {
            refused(OidcExternalTokens.NOT_A_TOKEN, garbage);
        }
        refused(OidcExternalTokens.NOT_A_TOKEN, null);
    }

    // ----------------------------------------------------------------------------- the provider's player at the edge

    private static io.grpc.ClientInterceptor bearer(String token) {
        Metadata auth = new Metadata();
        auth.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        return MetadataUtils.newAttachHeadersInterceptor(auth);
    }

    private static io.grpc.Status.Code code(Runnable call) {
        io.grpc.StatusRuntimeException e = assertThrows(io.grpc.StatusRuntimeException.class, call::run);
        assertTrue(e.getStatus().getDescription() != null && !e.getStatus().getDescription().isBlank(),
            "a refusal with a sentence: " + e.getStatus());
        return e.getStatus().getCode();
    }

    /**
     * Over gRPC, through the lobby's own token check: the provider's token is refused with a sentence until its identity
     * claims a name; ClaimName with no name takes preferred_username, once; then the token acts as that player for
     * calls and streams (a match against the AI created and watched); a tampered token is still refused for its
     * signature.
     */
    @Test
    void anOutsideIdentityClaimsANameOnceAndPlays() throws Exception {
        String name = "ext_" + UUID.randomUUID().toString().substring(0, 8);
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), name, now()));
        var lobby = LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token));
        var accounts = com.plyyard.proto.v1.AccountServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token));

        assertEquals(io.grpc.Status.Code.FAILED_PRECONDITION, code(() -> lobby.whoAmI(WhoAmIRequest.getDefaultInstance())));
        Player me = accounts.claimName(com.plyyard.proto.v1.ClaimNameRequest.getDefaultInstance()).getPlayer();
        assertEquals(name, me.getName(), "preferred_username");
        assertEquals(io.grpc.Status.Code.FAILED_PRECONDITION, code(() -> accounts.claimName(
            com.plyyard.proto.v1.ClaimNameRequest.newBuilder().setName(name + "_2").build())));
        assertEquals(me, lobby.whoAmI(WhoAmIRequest.getDefaultInstance()));

        var matches = com.plyyard.proto.v1.MatchServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token));
        com.plyyard.proto.v1.Match m = matches.createMatch(com.plyyard.proto.v1.CreateMatchRequest.newBuilder()
            .setVariant("draughts:fmjd").addSeats(com.plyyard.proto.v1.SeatSpec.newBuilder().setMe(true))
            .addSeats(com.plyyard.proto.v1.SeatSpec.newBuilder().setAiLevel(1)).build());
        assertEquals(me.getId(), m.getSeats(0).getPlayer().getId());
        var watch = com.plyyard.proto.v1.MatchServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token))
            .withDeadlineAfter(10, TimeUnit.SECONDS)
            .watchMatch(com.plyyard.proto.v1.WatchMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertTrue(watch.hasNext(), "the stream opens with the match");
        assertEquals(m.getId(), watch.next().getSnapshot().getId());

        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + parts[2].substring(0, parts[2].length() - 8) + "AAAAAAAA";
        assertEquals(io.grpc.Status.Code.UNAUTHENTICATED, code(() -> LobbyServiceGrpc.newBlockingStub(channel)
            .withInterceptors(bearer(forged)).whoAmI(WhoAmIRequest.getDefaultInstance())));

    }

    /**
     * A disabled account is refused whatever its token, the provider's included, PERMISSION_DENIED with the operator's
     * reason, at once on the instance that disabled it (the others hear it by notification); its identity cannot claim
     * another name meanwhile; enabled again, the same token is the same player.
     */
    @Test
    void aDisabledAccountIsRefusedWhateverItsToken() throws Exception {
        String name = "ext_" + UUID.randomUUID().toString().substring(0, 8);
        String token = LocalIssuer.signed(LocalIssuer.claims(subject(), name, now()));
        var lobby = LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token));
        var accounts = com.plyyard.proto.v1.AccountServiceGrpc.newBlockingStub(channel).withInterceptors(bearer(token));
        Player me = accounts.claimName(com.plyyard.proto.v1.ClaimNameRequest.getDefaultInstance()).getPlayer();
        assertEquals(me, lobby.whoAmI(WhoAmIRequest.getDefaultInstance()), "known, and now kept by this instance");

        Metadata operator = new Metadata();
        operator.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
            "Bearer " + ServiceTestProfile.OPERATOR_KEY);
        var operatorService = com.plyyard.proto.v1.OperatorServiceGrpc.newBlockingStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(operator));
        operatorService.disableAccount(com.plyyard.proto.v1.DisableAccountRequest.newBuilder().setPlayerName(name)
            .setOperatorName("test").setReason("testing").build());
        String sentence = "The account '" + name + "' is disabled (testing); ask the operator to enable it again.";
        assertEquals(sentence, com.plyyard.grpc.testing.GrpcAssertions.assertStatus(io.grpc.Status.Code.PERMISSION_DENIED,
            () -> lobby.whoAmI(WhoAmIRequest.getDefaultInstance())));
        assertEquals(sentence, com.plyyard.grpc.testing.GrpcAssertions.assertStatus(io.grpc.Status.Code.PERMISSION_DENIED,
            () -> accounts.claimName(com.plyyard.proto.v1.ClaimNameRequest.newBuilder().setName(name + "_3").build())));
        operatorService.enableAccount(com.plyyard.proto.v1.EnableAccountRequest.newBuilder().setPlayerName(name)
            .setOperatorName("test").build());
        assertEquals(me, lobby.whoAmI(WhoAmIRequest.getDefaultInstance()), "enabled again, the same player");
    }

    // ------------------------------------------------------------------------------- nothing else at the edge changed

    /** A Ply Yard token still works over gRPC, with the provider configured. */
    @Test
    void plyYardTokensStillWorkOverGrpc() {
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel)
            .register(RegisterRequest.newBuilder().setName("oidc-edge-" + UUID.randomUUID().toString().substring(0, 8))
                .build());
        Metadata auth = new Metadata();
        auth.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + r.getToken());
        Player me = LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(auth))
            .whoAmI(WhoAmIRequest.getDefaultInstance());
        assertEquals(r.getPlayer(), me);
    }

    /** ... and over gRPC-Web (HTTP/1.1 through the lobby's bridge), where quarkus-oidc could have seen the header. */
    @Test
    void plyYardTokensStillWorkOverGrpcWeb() throws Exception {
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel)
            .register(RegisterRequest.newBuilder().setName("oidc-web-" + UUID.randomUUID().toString().substring(0, 8))
                .build());
        byte[] message = WhoAmIRequest.getDefaultInstance().toByteArray();
        byte[] body = ByteBuffer.allocate(5 + message.length).put((byte) 0).putInt(message.length).put(message).array();
        HttpResponse<java.io.InputStream> answer = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://localhost:17070/plyyard.v1.LobbyService/WhoAmI"))
            .header("content-type", "application/grpc-web+proto").header("x-grpc-web", "1")
            .header("authorization", "Bearer " + r.getToken())
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, answer.statusCode());
        try (DataInputStream in = new DataInputStream(answer.body())) {
            assertEquals(0, in.readUnsignedByte(), "a message frame first");
            Player me = Player.parseFrom(in.readNBytes(in.readInt()));
            assertEquals(r.getPlayer(), me);
            assertEquals(0x80, in.readUnsignedByte(), "then the trailers");
            String trailers = new String(in.readNBytes(in.readInt()), StandardCharsets.US_ASCII);
            assertTrue(trailers.contains("grpc-status:0"), trailers);
        }
    }

    /** HTTP paths are never authenticated by quarkus-oidc: a bearer of any kind changes nothing. */
    @Test
    void healthMetricsAndThePageIgnoreBearers() throws Exception {
        String valid = LocalIssuer.signed(LocalIssuer.claims(subject(), "x", now()));
        for (String path : List.of("/q/health/live", "/q/metrics", "/")) {
            for (String bearer : List.of("", "Bearer a.b.c", "Bearer not-a-token", "Bearer " + valid)) {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:17070" + path));
                if (!bearer.isEmpty()) {
                    b.header("authorization", bearer);
                }
                HttpResponse<String> answer = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, answer.statusCode(), path + " with '" + bearer + "'");
            }
        }
    }
}
