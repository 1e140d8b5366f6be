package com.plyyard.lobby.players;

/**
 * An outside identity provider's access tokens (OpenID Connect), presented instead of a Ply Yard session token by the
 * clients of a deployment that configured a provider (docs/accounts.md). Verified at the edge (the signature from the
 * issuer's keys, the issuer, the audience, the expiry); {@link Tokens#caller} maps a verified identity to its player.
 */
public interface ExternalTokens {
    /** Whether this deployment accepts a provider's tokens at all (off by default). */
    boolean enabled();

    /**
     * Verifies a provider's access token. Blocking (the provider's keys may have to be fetched): call on a worker thread.
     *
     * @param bearer the bearer token as the client sent it (a JWT)
     * @return who the provider says the caller is
     * @throws com.plyyard.lobby.common.LobbyException UNAUTHENTICATED with a sentence saying what is wrong (expired, not
     *     this deployment's issuer or audience, a signature that does not verify, not a token at all)
     */
    ExternalIdentity verify(String bearer);

    /**
     * Whether a bearer token has the shape of a provider's token (a JWT: three base64url parts joined by dots) rather
     * than of a Ply Yard session token (one base64url string, never with a dot).
     */
    static boolean looksExternal(String bearer) {
        return bearer != null && bearer.indexOf('.') > 0 && bearer.indexOf('.') != bearer.lastIndexOf('.');
    }
}
