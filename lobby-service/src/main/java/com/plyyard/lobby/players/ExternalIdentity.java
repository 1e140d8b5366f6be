package com.plyyard.lobby.players;

import java.time.Instant;

/**
 * Who an outside identity provider says a caller is: its issuer and subject (together the identity, which never
 * changes), the name it suggests ({@code preferred_username}, maybe empty) and when the token stops working.
 */
public record ExternalIdentity(String issuer, String subject, String preferredName, Instant expiresAt) {
}
