package com.plyyard.lobby.grpc;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * An outside OpenID Connect provider whose access tokens the lobby accepts instead of Ply Yard sessions
 * ({@link OidcExternalTokens}; docs/deployment.md, "An outside identity provider"). Off unless an issuer is given.
 */
@ConfigMapping(prefix = "plyyard.lobby.oidc")
public interface OidcProviderConfig {
    /**
     * The provider's issuer URL ({@code OIDC_ISSUER}), e.g. {@code https://sso.example/realms/games}: the lobby reads
     * {@code <issuer>/.well-known/openid-configuration} there, takes the signing keys from the document's
     * {@code jwks_uri} and accepts only tokens whose {@code iss} is the document's issuer. Unset: no provider.
     */
    Optional<String> issuer();

    /**
     * The audience a token must name in its {@code aud} claim ({@code OIDC_AUDIENCE}): the name the provider gives the
     * Ply Yard lobby. Required with an issuer, so that a token the provider made for another application is refused.
     */
    Optional<String> audience();

    /** How long one verification may wait for the provider (its discovery document or keys) before UNAVAILABLE. */
    @WithDefault("10s")
    Duration verifyTimeout();

    /**
     * Verified tokens remembered (by their SHA-256), each until its own expiry: a client that calls again with the same
     * token costs a lookup, not a signature check. The least recently used go first past this many.
     */
    @WithDefault("10000")
    int cacheSize();
}
