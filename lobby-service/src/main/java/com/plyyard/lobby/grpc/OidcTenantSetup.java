package com.plyyard.lobby.grpc;

import io.quarkus.oidc.Oidc;
import io.quarkus.oidc.OidcTenantConfig;
import io.quarkus.oidc.runtime.OidcTenantConfig.ApplicationType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * Makes quarkus-oidc's default tenant from the lobby's own settings ({@link OidcProviderConfig}) when a deployment names
 * an issuer; without one the tenant stays disabled ({@code quarkus.oidc.tenant-enabled=false} in application.properties)
 * and quarkus-oidc neither connects anywhere nor checks anything.
 *
 * <p>The tenant only verifies tokens handed to it ({@link OidcExternalTokens}); it never authenticates an HTTP request
 * by itself ({@code quarkus.http.auth.proactive=false}, and no path or RPC asks for an identity). It trusts nothing but
 * the issuer's published keys: no introspection of tokens it cannot verify locally, no user-info calls.
 *
 * <p>Half a configuration stops the lobby at start with a sentence, as TLS does: an issuer without an audience (every
 * token the provider makes for any application would pass), an audience without an issuer, an issuer that is not an
 * http(s) URL.
 */
@ApplicationScoped
public class OidcTenantSetup {
    static final String ISSUER = "OIDC_ISSUER (plyyard.lobby.oidc.issuer)";
    static final String AUDIENCE = "OIDC_AUDIENCE (plyyard.lobby.oidc.audience)";

    void create(@Observes Oidc oidc, OidcProviderConfig config) {
        tenant(config.issuer(), config.audience()).ifPresent(oidc::create);
    }

    /**
     * The tenant for these settings, none without an issuer.
     *
     * @throws IllegalStateException with the sentence that stops the lobby, for half a configuration
     */
    static Optional<OidcTenantConfig> tenant(Optional<String> issuer, Optional<String> audience) {
        Optional<String> iss = issuer.map(String::strip).filter(s -> !s.isEmpty());
        Optional<String> aud = audience.map(String::strip).filter(s -> !s.isEmpty());
        if (iss.isEmpty()) {
            if (aud.isPresent()) {
                throw refuse(AUDIENCE + " is set but " + ISSUER + " is not; name the provider's issuer URL too");
            }
            return Optional.empty();
        }
        if (aud.isEmpty()) {
            throw refuse(ISSUER + " is set but " + AUDIENCE + " is not; without an audience every token the provider "
                + "issues to any application would be accepted, so name the audience it puts in tokens for Ply Yard");
        }
        checkUrl(iss.get());
        return Optional.of(OidcTenantConfig.authServerUrl(iss.get())
            .applicationType(ApplicationType.SERVICE)
            .clientId(aud.get())
            .token()
                .audience(aud.get())
                .subjectRequired(true)
                // a token is good only if its signature verifies with a key the issuer publishes
                .allowJwtIntrospection(false)
                .allowOpaqueTokenIntrospection(false)
                .end()
            .build());
    }

    private static void checkUrl(String issuer) {
        try {
            URI uri = new URI(issuer);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return;
            }
        } catch (URISyntaxException e) {
            // refused below
        }
        throw refuse(ISSUER + " is '" + issuer + "', which is not an http(s) URL such as "
            + "https://sso.example/realms/games");
    }

    private static IllegalStateException refuse(String why) {
        return new IllegalStateException("The identity provider is half configured, so the lobby does not start: " + why
            + ". See docs/deployment.md, \"An outside identity provider\".");
    }
}
