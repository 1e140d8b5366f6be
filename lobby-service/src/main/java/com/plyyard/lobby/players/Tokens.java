package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.LogoutResponse;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RevokeTokensResponse;
import com.plyyard.proto.v1.SessionKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Bearer tokens: who presents one ({@link #caller}, {@link #session}), and the calls that end or trade the calling one.
 * A token is a Ply Yard session's ({@link Sessions}), looked up by its SHA-256 ({@link TokenOwners}, cached), or, where
 * the deployment configured one, an outside provider's access token ({@link ExternalTokens}, mapped to its player by
 * {@link ExternalIdentities}). Sessions of Register may expire after {@link TokensConfig#lifetime()} from their making;
 * password and recovery sessions after {@link AccountsConfig#sessionIdleExpiry()} unused.
 */
@ApplicationScoped
public class Tokens {
    static final String NO_TOKEN = "This call needs the metadata 'authorization: Bearer <token>'; SignIn or Register "
        + "gives a token.";
    static final String NO_PROVIDER = "This token looks like an outside identity provider's, but this lobby is configured "
        + "for none; sign in with AccountService.SignIn.";

    @Inject
    LobbyClock clock;

    @Inject
    TokenOwners owners;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @Inject
    Sessions sessions;

    @Inject
    SessionRepository sessionRows;

    @Inject
    SessionUse use;

    @Inject
    ExternalTokens external;

    @Inject
    ExternalIdentities identities;

    @Inject
    TokensConfig config;

    @Inject
    AccountsConfig accounts;

    /**
     * The player the token belongs to; UNAUTHENTICATED when there is none. Blocking: call on a worker thread.
     *
     * @param token the bearer token as the client sent it, or null
     */
    public Player caller(String token) {
        return session(token).player();
    }

    /** Who presents the token, with the session it opens; UNAUTHENTICATED when nobody. Blocking. */
    public SessionOwner session(String token) {
        if (token == null) {
            throw LobbyException.unauthenticated(NO_TOKEN);
        }
        if (ExternalTokens.looksExternal(token)) {
            if (!external.enabled()) {
                throw LobbyException.unauthenticated(NO_PROVIDER);
            }
            return identities.owner(external.verify(token));
        }
        SessionOwner owner = owners.byHash(HexFormat.of().formatHex(Sessions.sha256(token)));
        Instant now = clock.now();
        if (owner.kind() == SessionKind.SESSION_KIND_TOKEN) {
            Instant expiry = expiresAt(owner.createdAt());
            if (expiry != null && !now.isBefore(expiry)) {
                throw LobbyException.unauthenticated("The token expired at " + expiry.truncatedTo(ChronoUnit.SECONDS)
                    + " (tokens work for " + words(config.lifetime().orElseThrow()) + " on this server); renew tokens "
                    + "before they expire (RenewToken), or register anew.");
            }
        } else {
            Instant noted = use.lastUse(owner.hashHex());
            Instant last = noted != null && (owner.lastUsedAt() == null || noted.isAfter(owner.lastUsedAt())) ? noted
                : owner.lastUsedAt() != null ? owner.lastUsedAt() : owner.createdAt();
            Instant ends = last.plus(accounts.sessionIdleExpiry());
            if (!now.isBefore(ends)) {
                throw LobbyException.unauthenticated("The session ended at " + ends.truncatedTo(ChronoUnit.SECONDS)
                    + ", unused for " + words(accounts.sessionIdleExpiry()) + "; sign in again.");
            }
        }
        use.touch(owner.hashHex(), now);
        return owner;
    }

    /** A lifetime as people write it: "30 days", "1 hour 30 minutes", "8 seconds" (not ISO-8601's "PT720H"). */
    static String words(Duration d) {
        StringBuilder sb = new StringBuilder();
        unit(sb, d.toDaysPart(), "day");
        unit(sb, d.toHoursPart(), "hour");
        unit(sb, d.toMinutesPart(), "minute");
        unit(sb, d.toSecondsPart(), "second");
        unit(sb, d.toMillisPart(), "millisecond");
        return sb.isEmpty() ? "0 seconds" : sb.toString();
    }

    private static void unit(StringBuilder sb, long n, String unit) {
        if (n != 0) {
            sb.append(sb.isEmpty() ? "" : " ").append(n).append(' ').append(unit).append(n == 1 ? "" : "s");
        }
    }

    /** When a Register token made at {@code createdAt} stops working; null when such tokens do not expire. */
    Instant expiresAt(Instant createdAt) {
        return config.lifetime().map(createdAt::plus).orElse(null);
    }

    /** The RegisterResponse field: the expiry in epoch milliseconds, 0 for never. */
    long expiresAtEpochMillis(Instant createdAt) {
        Instant expiry = expiresAt(createdAt);
        return expiry == null ? 0 : expiry.toEpochMilli();
    }

    /**
     * RenewToken: a new session of the same kind and label for the caller, whose calling session ends in the same
     * transaction (and leaves every instance's cache). Blocking: call on a worker thread.
     */
    public RegisterResponse renew(String token, String address) {
        SessionOwner owner = session(token);
        requireSession(owner, "renewed");
        Instant now = clock.now();
        NewSession fresh = unitOfWork.call(() -> {
            SessionEntity old = sessionRows.findById(HexFormat.of().parseHex(owner.hashHex()));
            if (old == null) {
                throw LobbyException.unauthenticated("The token was revoked meanwhile; sign in again.");
            }
            sessions.end(List.of(old.hash));
            return sessions.create(owner.player(), owner.kind(), new Sessions.Device(old.deviceLabel, address), now);
        });
        return RegisterResponse.newBuilder().setPlayer(owner.player()).setToken(fresh.getToken())
            .setExpiresAtEpochMillis(owner.kind() == SessionKind.SESSION_KIND_TOKEN ? expiresAtEpochMillis(now)
                : fresh.getSession().getExpiresAtEpochMillis()).build();
    }

    /**
     * The operator's revocation: every session of the named player, on every instance. Blocking.
     *
     * @return the player and how many sessions ended
     */
    public RevokeTokensResponse revokeAll(String playerName) {
        return unitOfWork.call(() -> {
            PlayerEntity p = players.requireByName(playerName);
            int ended = sessions.endAllOf(p.id, null);
            return RevokeTokensResponse.newBuilder().setPlayer(PlayerRepository.view(p)).setRevoked(ended).build();
        });
    }

    /**
     * Logout (and AccountService.SignOut): ends the calling session, deleted and dropped from the cache of every
     * instance (the notification is delivered at commit); later calls with it are UNAUTHENTICATED. Blocking.
     */
    public LogoutResponse logout(String token) {
        SessionOwner owner = session(token);
        requireSession(owner, "signed out here");
        int ended = unitOfWork.call(() -> {
            byte[] hash = HexFormat.of().parseHex(owner.hashHex());
            boolean there = sessionRows.findById(hash) != null;
            sessions.end(there ? List.of(hash) : List.of());
            return there ? 1 : 0;
        });
        return LogoutResponse.newBuilder().setRevoked(ended).build();
    }

    /** FAILED_PRECONDITION for an outside provider's token, which the provider alone ends or renews. */
    static void requireSession(SessionOwner owner, String what) {
        if (owner.external()) {
            throw LobbyException.failedPrecondition("This call was made with an outside identity provider's token, which "
                + "cannot be " + what + ": the provider's own expiry ends it (sign out at the provider).");
        }
    }

    /** The player id of an owner. */
    static UUID id(SessionOwner owner) {
        return UUID.fromString(owner.player().getId());
    }
}
