package com.plyyard.lobby.players;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.ClaimNameResponse;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.SessionKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The players of outside identities (issuer + subject, which never change): the first use of an identity chooses its
 * Ply Yard name once ({@link #claimName}); after that its tokens act as that player. Kept for a minute per instance, so
 * a call costs no query; a disabled account is refused within that minute on every instance, at once on the one that
 * disabled it.
 */
@ApplicationScoped
public class ExternalIdentities {
    /**
     * The identities this instance has seen linked. Only links are kept, never "not linked yet": a claim on another
     * instance must count here at the next call. Disabling or enabling an account drops its entry on every instance
     * (at once here, by notification elsewhere); the minute's expiry is the safety net for a missed notification.
     */
    private final Cache<String, AccountStore.Linked> players = Caffeine.newBuilder().maximumSize(100_000)
        .expireAfterWrite(Duration.ofMinutes(1)).build();

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    AccountStore store;

    @Inject
    Accounts accounts;

    @Inject
    ExternalTokens external;

    @Inject
    LobbyClock clock;

    /**
     * The caller behind a verified identity; FAILED_PRECONDITION while no name was chosen for it, PERMISSION_DENIED while
     * its account is disabled.
     */
    SessionOwner owner(ExternalIdentity identity) {
        AccountStore.Linked linked = players.getIfPresent(key(identity));
        if (linked == null) {
            linked = unitOfWork.call(() -> store.externalPlayer(identity.issuer(), identity.subject()));
            if (linked == null) {
                throw LobbyException.failedPrecondition("This identity of " + Texts.shorten(identity.issuer()) + " has no "
                    + "Ply Yard name yet; choose one once with AccountService.ClaimName.");
            }
            players.put(key(identity), linked);
        }
        if (linked.disabled()) {
            throw Accounts.disabled(linked.player().getName(), linked.reason());
        }
        return new SessionOwner(linked.player(), null, SessionKind.SESSION_KIND_UNSPECIFIED, null, null, null);
    }

    /** ClaimName: the name of an outside identity's player, chosen once. Blocking. */
    public ClaimNameResponse claimName(String bearer, String wanted) {
        if (!ExternalTokens.looksExternal(bearer)) {
            throw LobbyException.failedPrecondition("ClaimName is for an outside identity provider's token on its first "
                + "use; this call was made with a Ply Yard session, whose player has its name already.");
        }
        if (!external.enabled()) {
            throw LobbyException.unauthenticated(Tokens.NO_PROVIDER);
        }
        ExternalIdentity identity = external.verify(bearer);
        String name = wanted == null || wanted.isBlank() ? identity.preferredName() : wanted;
        if (name == null || name.isBlank()) {
            throw LobbyException.invalid("name is required: the provider suggests none (no preferred_username).");
        }
        Accounts.checkName(name.strip());
        UUID id = UUID.randomUUID();
        Instant now = clock.now();
        Player player = unitOfWork.call(() -> {
            AccountStore.Linked existing = store.externalPlayer(identity.issuer(), identity.subject());
            if (existing != null && existing.disabled()) {
                throw Accounts.disabled(existing.player().getName(), existing.reason());
            }
            if (existing != null) {
                throw LobbyException.failedPrecondition("This identity is linked to the player '"
                    + existing.player().getName() + "' already; a name is chosen once.");
            }
            Player p = accounts.insertPlayer(id, name.strip(), now);
            store.linkExternal(identity.issuer(), identity.subject(), id, now);
            store.event(id, now, "external-linked", "", "", Texts.shorten(identity.issuer()));
            return p;
        });
        players.invalidate(key(identity));
        return ClaimNameResponse.newBuilder().setPlayer(player).build();
    }

    /** Forgets what this instance knows of a player's identities (disabled or enabled). */
    void forget(UUID playerId) {
        List<String> keys = players.asMap().entrySet().stream()
            .filter(e -> e.getValue().player().getId().equals(playerId.toString()))
            .map(java.util.Map.Entry::getKey).toList();
        players.invalidateAll(keys);
    }

    /** A player disabled or enabled on any instance ({@link AccountAdmin}); a lost LISTEN connection forgets all. */
    void onNotification(@jakarta.enterprise.event.Observes com.plyyard.lobby.db.Notifications.Received notification) {
        if (!com.plyyard.lobby.db.Notifications.TOKENS_REVOKED.equals(notification.channel())) {
            return;
        }
        if (notification.payload() == null) {
            players.invalidateAll();
        } else if (notification.payload().startsWith(AccountAdmin.PLAYER_CHANGED)) {
            forget(UUID.fromString(notification.payload().substring(AccountAdmin.PLAYER_CHANGED.length())));
        }
    }

    private static String key(ExternalIdentity identity) {
        return identity.issuer() + '\n' + identity.subject();
    }
}
