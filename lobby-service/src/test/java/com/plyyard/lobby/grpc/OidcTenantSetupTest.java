package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.oidc.OidcTenantConfig;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The identity provider's settings (OIDC_ISSUER, OIDC_AUDIENCE) as {@link OidcTenantSetup} turns them into quarkus-oidc's
 * tenant: none without an issuer; with one, a service tenant that checks the audience, wants a subject and trusts only
 * the issuer's keys; half a configuration stops the lobby with a sentence naming the variable.
 */
class OidcTenantSetupTest {
    private static final String SEE = ". See docs/deployment.md, \"An outside identity provider\".";

    @Test
    void noIssuerNoTenant() {
        assertFalse(OidcTenantSetup.tenant(Optional.empty(), Optional.empty()).isPresent());
        assertFalse(OidcTenantSetup.tenant(Optional.of("  "), Optional.of("")).isPresent(), "blank counts as unset");
    }

    @Test
    void anIssuerAndAnAudienceMakeAServiceTenant() {
        OidcTenantConfig t = OidcTenantSetup.tenant(Optional.of(" https://sso.example/realms/games "),
            Optional.of("plyyard")).orElseThrow();
        assertTrue(t.tenantEnabled());
        assertEquals(Optional.of("https://sso.example/realms/games"), t.authServerUrl());
        assertEquals(Optional.of(List.of("plyyard")), t.token().audience());
        assertTrue(t.token().subjectRequired());
        assertFalse(t.token().allowJwtIntrospection(), "a token is good only if it verifies with the issuer's keys");
        assertFalse(t.token().allowOpaqueTokenIntrospection());
        assertEquals(Optional.of(OidcTenantConfig.ApplicationType.SERVICE).map(Enum::name),
            t.applicationType().map(Enum::name));
    }

    @Test
    void halfAConfigurationStopsTheLobby() {
        assertEquals("The identity provider is half configured, so the lobby does not start: OIDC_ISSUER "
                + "(plyyard.lobby.oidc.issuer) is set but OIDC_AUDIENCE (plyyard.lobby.oidc.audience) is not; without an "
                + "audience every token the provider issues to any application would be accepted, so name the audience it "
                + "puts in tokens for Ply Yard" + SEE,
            assertThrows(IllegalStateException.class,
                () -> OidcTenantSetup.tenant(Optional.of("https://sso.example/realms/games"), Optional.empty()))
                .getMessage());
        assertEquals("The identity provider is half configured, so the lobby does not start: OIDC_AUDIENCE "
                + "(plyyard.lobby.oidc.audience) is set but OIDC_ISSUER (plyyard.lobby.oidc.issuer) is not; name the "
                + "provider's issuer URL too" + SEE,
            assertThrows(IllegalStateException.class, () -> OidcTenantSetup.tenant(Optional.empty(), Optional.of("plyyard")))
                .getMessage());
        for (String notAUrl : List.of("sso.example", "ftp://sso.example/realms/games", "https://", "http://[broken")) {
            assertEquals("The identity provider is half configured, so the lobby does not start: OIDC_ISSUER "
                    + "(plyyard.lobby.oidc.issuer) is '" + notAUrl + "', which is not an http(s) URL such as "
                    + "https://sso.example/realms/games" + SEE,
                assertThrows(IllegalStateException.class, () -> OidcTenantSetup.tenant(Optional.of(notAUrl),
                    Optional.of("plyyard"))).getMessage(), notAUrl);
        }
    }
}
