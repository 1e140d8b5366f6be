package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.Player;
import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HexFormat;

/**
 * Who owns a token, by the token's SHA-256. Every call of a client carries its token, so the answer is kept in the
 * bounded, expiring cache {@value #CACHE} (Caffeine through quarkus-cache; size and expiry in application.properties)
 * instead of a database read per call. Keyed by the hash, never the token: the cache holds nothing a caller could
 * present. Unknown tokens are not cached (the lookup throws).
 */
@ApplicationScoped
public class TokenOwners {
    public static final String CACHE = "player-by-token-hash";

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @CacheResult(cacheName = CACHE)
    public Player byHash(String hashHex) {
        Player found = unitOfWork.call(() -> players.byTokenHash(HexFormat.of().parseHex(hashHex)));
        if (found == null) {
            throw LobbyException.unauthenticated("The token is not known here; Register gives a valid one.");
        }
        return found;
    }
}
