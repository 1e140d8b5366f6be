package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.HexFormat;

/**
 * Who owns a session token, by the token's SHA-256. Every call of a client carries its token, so the answer is kept in
 * the bounded, expiring cache {@value #CACHE} (Caffeine through quarkus-cache; size and expiry in
 * application.properties) instead of a database read per call. Keyed by the hash, never the token: the cache holds
 * nothing a caller could present. Unknown tokens are not cached (the lookup throws). A session that ends (sign-out,
 * revocation, a changed password, a disabled account) leaves every instance's cache at once: the ending transaction
 * notifies {@value Notifications#TOKENS_REVOKED}, and each instance's LISTEN connection passes it here; when that
 * connection was lost (notifications may be missed) the whole cache is dropped.
 */
@ApplicationScoped
public class TokenOwners {
    public static final String CACHE = "player-by-token-hash";
    static final String UNKNOWN = "The token is not known here (signed out, revoked, or never issued); sign in again "
        + "(AccountService.SignIn) or register (Register).";

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    SessionRepository sessions;

    @Inject
    @CacheName(CACHE)
    Cache cache;

    @CacheResult(cacheName = CACHE)
    public SessionOwner byHash(String hashHex) {
        SessionOwner found = unitOfWork.call(() -> sessions.owner(HexFormat.of().parseHex(hashHex)));
        if (found == null) {
            throw LobbyException.unauthenticated(UNKNOWN);
        }
        return found;
    }

    /** Drops a session's owner here at once (the notification does the same on every instance). */
    void forget(String hashHex) {
        cache.invalidate(hashHex).await().indefinitely();
    }

    void onNotification(@Observes Notifications.Received notification) {
        if (!Notifications.TOKENS_REVOKED.equals(notification.channel())) {
            return;
        }
        if (notification.payload() == null) {
            cache.invalidateAll().await().indefinitely();
        } else {
            forget(notification.payload());
        }
    }
}
