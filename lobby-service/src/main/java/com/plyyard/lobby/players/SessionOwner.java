package com.plyyard.lobby.players;

import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SessionKind;
import java.time.Instant;
import java.util.UUID;

/**
 * Who a bearer token belongs to: the player and, for a Ply Yard session, its id, kind, when it was made and last used
 * as stored ({@link SessionUse} knows later uses). For an outside provider's token ({@link ExternalTokens}) there is no
 * session: {@code sessionId} is null and {@code kind} SESSION_KIND_UNSPECIFIED.
 *
 * @param hashHex the token's SHA-256 in hex (null for an outside token): the key of the cache and of {@link SessionUse}
 */
public record SessionOwner(Player player, UUID sessionId, SessionKind kind, Instant createdAt, Instant lastUsedAt,
                           String hashHex) {
    /** Whether the caller presented an outside provider's token rather than a Ply Yard session. */
    public boolean external() {
        return sessionId == null;
    }
}
