package com.plyyard.lobby.players;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic and the wording of token expiry. The lobby under test has a lifetime ({@code TokenLifetimeTest}); the
 * default configuration has none, which only this test sees.
 */
class TokenExpiryTest {
    private static Tokens with(Optional<Duration> lifetime) {
        Tokens t = new Tokens();
        t.config = () -> lifetime;
        return t;
    }

    @Test
    void withoutALifetimeTokensNeverExpire() {
        Tokens tokens = with(Optional.empty());
        Instant made = Instant.parse("2025-03-01T10:00:00Z");
        assertNull(tokens.expiresAt(made));
        assertEquals(0, tokens.expiresAtEpochMillis(made), "RegisterResponse.expires_at_epoch_millis: 0 for never");
    }

    @Test
    void aLifetimeEndsOneLifetimeAfterTheTokenWasMade() {
        Tokens tokens = with(Optional.of(Duration.ofDays(30)));
        Instant made = Instant.parse("2025-03-01T10:00:00Z");
        assertEquals(Instant.parse("2025-03-31T10:00:00Z"), tokens.expiresAt(made));
        assertEquals(Instant.parse("2025-03-31T10:00:00Z").toEpochMilli(), tokens.expiresAtEpochMillis(made));
    }

    /** The expiry sentence names the lifetime as people write it, not as ISO-8601 ("PT720H"). */
    @Test
    void lifetimesInWords() {
        assertEquals("30 days", Tokens.words(Duration.ofDays(30)));
        assertEquals("1 hour", Tokens.words(Duration.ofHours(1)));
        assertEquals("1 hour 30 minutes", Tokens.words(Duration.ofMinutes(90)));
        assertEquals("1 day 2 hours 3 minutes 4 seconds", Tokens.words(Duration.parse("P1DT2H3M4S")));
        assertEquals("8 seconds", Tokens.words(Duration.ofSeconds(8)));
        assertEquals("1 second 500 milliseconds", Tokens.words(Duration.ofMillis(1500)));
        assertEquals("0 seconds", Tokens.words(Duration.ZERO));
    }
}
