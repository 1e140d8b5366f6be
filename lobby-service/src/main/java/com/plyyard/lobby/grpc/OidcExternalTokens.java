package com.plyyard.lobby.grpc;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.players.ExternalIdentity;
import com.plyyard.lobby.players.ExternalTokens;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.OIDCException;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * {@link ExternalTokens} with quarkus-oidc: an outside provider's access token is checked by the default OIDC tenant
 * ({@link OidcTenantSetup}) — its signature against the keys the issuer publishes (discovered from the issuer, fetched
 * again when a token names a key not yet known), its issuer, audience and expiry — and read for its subject and
 * {@code preferred_username}.
 *
 * <p><b>Caching.</b> A verified token is remembered by its SHA-256 (never the token itself) until its own {@code exp},
 * at most {@link OidcProviderConfig#cacheSize()} of them (least recently used out first): a client calling again with
 * the same token costs a lookup, not a signature check. Every use, remembered or not, is checked against the lobby's
 * clock, so a token stops working at its expiry whether it was verified a minute or a millisecond before. Refusals are
 * not remembered (each costs one signature check, or nothing when the token cannot even be read). The provider's keys
 * are cached by quarkus-oidc itself, and a token naming an unknown key makes it fetch them again at most once per
 * {@code quarkus.oidc.token.forced-jwk-refresh-interval} (10 minutes by default).
 *
 * <p><b>Revocation</b> is the provider's expiry: the lobby asks the provider nothing per call, so a token the provider
 * revoked early still works here until its {@code exp} (keep access tokens short-lived, minutes). A disabled Ply Yard
 * account is refused whatever its token ({@code players.Tokens#caller}).
 *
 * <p>Refusals are UNAUTHENTICATED with a sentence saying which check failed; a provider that cannot be reached is
 * UNAVAILABLE. No sentence and no log line carries the token.
 */
@ApplicationScoped
public class OidcExternalTokens implements ExternalTokens {
    /** How much of a value taken from an unverified token a sentence repeats. */
    private static final int MAX_ECHO = 100;

    @Inject
    TenantIdentityProvider provider;

    @Inject
    OidcProviderConfig config;

    @Inject
    LobbyClock clock;

    private Cache<String, ExternalIdentity> verified;

    @Override
    public boolean enabled() {
        return config.issuer().filter(s -> !s.isBlank()).isPresent();
    }

    @Override
    public ExternalIdentity verify(String bearer) {
        if (!enabled()) {
            throw LobbyException.unauthenticated("This lobby accepts no identity provider's tokens; sign in with a Ply "
                + "Yard account instead (SignIn, or Register for a token).");
        }
        if (bearer == null || !ExternalTokens.looksExternal(bearer)) {
            throw LobbyException.unauthenticated(NOT_A_TOKEN);
        }
        String key = sha256(bearer);
        ExternalIdentity known = verified.getIfPresent(key);
        if (known != null) {
            return unexpired(known);
        }
        SecurityIdentity identity;
        try {
            identity = provider.authenticate(new AccessTokenCredential(bearer)).await().atMost(config.verifyTimeout());
        } catch (RuntimeException e) {
            throw refusal(e);
        }
        ExternalIdentity who = identity(identity);
        unexpired(who);
        verified.put(key, who);
        return who;
    }

    private ExternalIdentity unexpired(ExternalIdentity who) {
        Instant now = clock.now();
        if (!now.isBefore(who.expiresAt())) {
            throw LobbyException.unauthenticated(expired(who.expiresAt()));
        }
        return who;
    }

    private ExternalIdentity identity(SecurityIdentity identity) {
        if (!(identity.getPrincipal() instanceof JsonWebToken jwt)) {
            throw LobbyException.unauthenticated(NOT_A_TOKEN);
        }
        String subject = jwt.getSubject();
        if (subject == null || subject.isBlank()) {
            throw LobbyException.unauthenticated("The identity provider's token names no subject ('sub'), so it cannot "
                + "stand for a player.");
        }
        Object name = jwt.getClaim("preferred_username");
        return new ExternalIdentity(jwt.getIssuer(), subject, name == null ? "" : name.toString().strip(),
            Instant.ofEpochSecond(jwt.getExpirationTime()));
    }

    static final String NOT_A_TOKEN = "The bearer token is not an access token this lobby can read (expected a signed "
        + "JWT from the identity provider, or a Ply Yard session token).";

    private static String expired(Instant at) {
        return "The identity provider's token expired at " + at.truncatedTo(ChronoUnit.SECONDS) + "; get a new one from "
            + "the provider (sign in there again, or use its refresh token).";
    }

    /** The refusal for a failed verification: which check failed, in a sentence. */
    LobbyException refusal(Throwable failure) {
        InvalidJwtException invalid = find(failure, InvalidJwtException.class);
        if (find(failure, UnresolvableKeyException.class) != null) {
            return LobbyException.unauthenticated("The token is signed with a key the identity provider (" + issuer()
                + ") does not publish, so it was not made by that provider.");
        }
        if (invalid == null) {
            if (failure instanceof io.smallrye.mutiny.TimeoutException
                || find(failure, OIDCException.class) != null
                || find(failure, java.net.ConnectException.class) != null) {
                return LobbyException.unavailable("The identity provider (" + issuer() + ") cannot be reached right now, "
                    + "so its token cannot be checked; try again in a moment.");
            }
            return LobbyException.unauthenticated(NOT_A_TOKEN);
        }
        JwtClaims claims = invalid.getJwtContext() == null ? null : invalid.getJwtContext().getJwtClaims();
        if (invalid.hasErrorCode(ErrorCodes.SIGNATURE_INVALID) || invalid.hasErrorCode(ErrorCodes.SIGNATURE_MISSING)) {
            return LobbyException.unauthenticated("The token's signature does not verify with the identity provider's "
                + "keys: it was altered after the provider signed it, or signed by someone else.");
        }
        if (invalid.hasErrorCode(ErrorCodes.EXPIRED)) {
            return LobbyException.unauthenticated(expired(expiry(claims)));
        }
        if (invalid.hasErrorCode(ErrorCodes.EXPIRATION_MISSING)) {
            return LobbyException.unauthenticated("The identity provider's token has no expiry ('exp'); this lobby only "
                + "accepts tokens that expire.");
        }
        if (invalid.hasErrorCode(ErrorCodes.NOT_YET_VALID) || invalid.hasErrorCode(ErrorCodes.ISSUED_AT_INVALID_FUTURE)) {
            return LobbyException.unauthenticated("The identity provider's token is not valid yet (its 'nbf' or 'iat' "
                + "is in the future); check the clocks of the provider and of this lobby.");
        }
        if (invalid.hasErrorCode(ErrorCodes.ISSUER_INVALID) || invalid.hasErrorCode(ErrorCodes.ISSUER_MISSING)) {
            return LobbyException.unauthenticated("The token was issued by " + quoted(claim(claims, "iss"))
                + ", not by this lobby's identity provider (" + issuer() + ").");
        }
        if (invalid.hasErrorCode(ErrorCodes.AUDIENCE_INVALID) || invalid.hasErrorCode(ErrorCodes.AUDIENCE_MISSING)) {
            return LobbyException.unauthenticated("The token is not meant for this lobby: its audience ('aud') does not "
                + "name '" + config.audience().orElse("") + "'; ask the identity provider for a token for Ply Yard.");
        }
        if (invalid.hasErrorCode(ErrorCodes.SUBJECT_MISSING)) {
            return LobbyException.unauthenticated("The identity provider's token names no subject ('sub'), so it cannot "
                + "stand for a player.");
        }
        return LobbyException.unauthenticated(NOT_A_TOKEN);
    }

    private String issuer() {
        return config.issuer().orElse("");
    }

    private static Instant expiry(JwtClaims claims) {
        try {
            if (claims != null && claims.getExpirationTime() != null) {
                return Instant.ofEpochMilli(claims.getExpirationTime().getValueInMillis());
            }
        } catch (MalformedClaimException e) {
            // no readable expiry: say when we looked
        }
        return Instant.now();
    }

    private static String claim(JwtClaims claims, String name) {
        if (claims == null) {
            return null;
        }
        Object v = claims.getClaimValue(name);
        return v == null ? null : v.toString();
    }

    /** A value from an unchecked token, made safe to repeat: printable ASCII, cut short. */
    static String quoted(String value) {
        if (value == null) {
            return "no issuer ('iss' missing)";
        }
        StringBuilder sb = new StringBuilder();
        value.codePoints().limit(MAX_ECHO).forEach(c -> sb.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
        return "'" + sb + (value.length() > MAX_ECHO ? "…" : "") + "'";
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    @PostConstruct
    void makeCache() {
        verified = Caffeine.newBuilder().maximumSize(config.cacheSize())
            .expireAfter(new Expiry<String, ExternalIdentity>() {
                @Override
                public long expireAfterCreate(String key, ExternalIdentity who, long currentTime) {
                    return untilExpiry(who);
                }

                @Override
                public long expireAfterUpdate(String key, ExternalIdentity who, long currentTime, long currentDuration) {
                    return untilExpiry(who);
                }

                @Override
                public long expireAfterRead(String key, ExternalIdentity who, long currentTime, long currentDuration) {
                    return currentDuration;
                }
            }).build();
    }

    /** Nanoseconds from now until the token expires (by the lobby's clock), at least 0. */
    private long untilExpiry(ExternalIdentity who) {
        long millis = who.expiresAt().toEpochMilli() - clock.nowMillis();
        return Math.max(0, millis) * 1_000_000L;
    }

    private static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
