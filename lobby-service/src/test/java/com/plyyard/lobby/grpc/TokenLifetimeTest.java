package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.match.FlagCheck;
import com.plyyard.lobby.matchmaking.MatchmakingSweeper;
import com.plyyard.lobby.matchmaking.Pairer;
import com.plyyard.lobby.support.ManualClock;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.LogoutRequest;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RenewTokenRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The token lifetime (plyyard.lobby.tokens.lifetime, {@link ServiceTestProfile#TOKEN_LIFETIME}: 1 hour here) at the
 * seam: the lobby's clock is moved past a token's expiry instead of waiting for it. A token works until exactly one
 * lifetime after it was made (Register or RenewToken) and not a millisecond longer; from then on every RPC refuses it
 * with UNAUTHENTICATED and a sentence saying when it expired, RenewToken too, and nothing stored changes.
 *
 * <p>Each jump of the clock lets the background rounds catch up at once ({@link #settle}), so that what the jump makes
 * due elsewhere (flags, expiries, AI fills) is done before anything is compared.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class TokenLifetimeTest extends EdgeTestBase {
    private static final Duration LIFETIME = ServiceTestProfile.TOKEN_LIFETIME;

    @Inject
    ManualClock clock;

    @Inject
    FlagCheck flagCheck;

    @Inject
    MatchmakingSweeper sweeper;

    @Inject
    Pairer pairer;

    /** The refusal of a token that expired at {@code expiresAtMillis}. */
    private static String expired(long expiresAtMillis) {
        return "The token expired at " + Instant.ofEpochMilli(expiresAtMillis).truncatedTo(ChronoUnit.SECONDS)
            + " (tokens work for 1 hour on this server); renew tokens before they expire (RenewToken), or register anew.";
    }

    private RegisterResponse registered(String prefix) {
        return LobbyServiceGrpc.newBlockingStub(channel).register(RegisterRequest.newBuilder()
            .setName(prefix + "-" + UUID.randomUUID().toString().substring(0, 8)).build());
    }

    private void advance(Duration by) {
        clock.advance(by);
        settle();
    }

    /** The rounds the jump made due, done now: expiries, the pairer's wave, the flags. */
    private void settle() {
        sweeper.sweepNow();
        pairer.waveNow();
        assertTrue(flagCheck.checkNow(Duration.ofSeconds(30)), "every flag the jump made due has fallen");
    }

    @Test
    void aTokenWorksForOneLifetimeToTheMillisecond() {
        long madeAt = clock.nowMillis();
        RegisterResponse r = registered("lifetime");
        long expiry = madeAt + LIFETIME.toMillis();
        assertEquals(expiry, r.getExpiresAtEpochMillis(), "Register tells when the token stops working");
        TestPlayer p = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        assertEquals(p.player(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "known, and now cached");

        advance(LIFETIME.minusMillis(1));
        assertEquals(p.player(), p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "1 ms is left");

        advance(Duration.ofMillis(1));
        refused(Status.Code.UNAUTHENTICATED, expired(expiry), () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), p);
        refused(Status.Code.UNAUTHENTICATED, expired(expiry),
            () -> p.lobby().renewToken(RenewTokenRequest.getDefaultInstance()), p);
        refused(Status.Code.UNAUTHENTICATED, expired(expiry), () -> p.lobby().logout(LogoutRequest.getDefaultInstance()), p);
        assertEquals(1, count("SELECT count(*) FROM sessions WHERE player_id = ?::uuid", p.player().getId()),
            "the expired token is still stored (it is not revoked, it just no longer works)");
    }

    /**
     * Every RPC but Register, called with a token one lifetime old about its player's match, seek, party, ticket and
     * challenge: refused with the expiry, nothing of the player's changed. (OperatorService takes the operator key, which
     * a player's token never is.)
     */
    @Test
    void everyRpcRefusesAnExpiredToken() {
        long madeAt = clock.nowMillis();
        World w = world("expired");
        advance(LIFETIME);
        String bearer = "Bearer " + w.p().token();
        for (Rpc rpc : everyRpc(w)) {
            String sentence = rpc.operator() ? NOT_THE_OPERATOR_KEY : expired(madeAt + LIFETIME.toMillis());
            try {
                refused(Status.Code.UNAUTHENTICATED, sentence, rpc.call().apply(sending(bearer)), w.p(), w.q());
            } catch (AssertionError e) {
                throw new AssertionError(rpc + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * RenewToken before the expiry: a new token with a lifetime of its own from the renewal, the old one revoked at
     * once; the new one outlives the old expiry and expires in its turn, when renewing it is too late.
     */
    @Test
    void aTokenRenewedInTimeLastsALifetimeFromTheRenewal() {
        RegisterResponse r = registered("renewing");
        long expiry = r.getExpiresAtEpochMillis();
        TestPlayer p = TestPlayer.of(channel, r.getPlayer(), r.getToken());
        Duration half = LIFETIME.dividedBy(2);

        advance(half);
        RegisterResponse renewed = p.lobby().renewToken(RenewTokenRequest.getDefaultInstance());
        long newExpiry = clock.nowMillis() + LIFETIME.toMillis();
        assertEquals(newExpiry, renewed.getExpiresAtEpochMillis());
        assertEquals(expiry + half.toMillis(), newExpiry);
        TestPlayer q = TestPlayer.of(channel, renewed.getPlayer(), renewed.getToken());
        refused(Status.Code.UNAUTHENTICATED, UNKNOWN_TOKEN, () -> p.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), p);

        advance(half);
        assertEquals(p.player(), q.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "past the first token's expiry");
        advance(half.minusMillis(1));
        assertEquals(p.player(), q.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), "1 ms before its own");

        advance(Duration.ofMillis(1));
        refused(Status.Code.UNAUTHENTICATED, expired(newExpiry), () -> q.lobby().whoAmI(WhoAmIRequest.getDefaultInstance()), p);
        refused(Status.Code.UNAUTHENTICATED, expired(newExpiry),
            () -> q.lobby().renewToken(RenewTokenRequest.getDefaultInstance()), p);
    }
}
