package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.LogoutResponse;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RevokeTokensResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Tokens: 32 random bytes (base64url), of which only the SHA-256 is stored; who a token belongs to is looked up by its
 * hash ({@link TokenOwners}, cached). Optionally they expire ({@link TokensConfig#lifetime()}); RenewToken trades a
 * working token for a new one.
 */
@ApplicationScoped
public class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    LobbyClock clock;

    @Inject
    TokenOwners owners;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @Inject
    Notifications notifications;

    @Inject
    TokensConfig config;

    /**
     * The player the token belongs to; UNAUTHENTICATED when there is none. Blocking: call on a worker thread.
     *
     * @param token the bearer token as the client sent it, or null
     */
    public Player caller(String token) {
        if (token == null) {
            throw LobbyException.unauthenticated("This call needs the metadata 'authorization: Bearer <token>'; Register "
                + "gives a token.");
        }
        TokenOwner owner = owners.byHash(HexFormat.of().formatHex(sha256(token)));
        Instant expiry = expiresAt(owner.createdAt());
        if (expiry != null && !clock.now().isBefore(expiry)) {
            throw LobbyException.unauthenticated("The token expired at " + expiry.truncatedTo(ChronoUnit.SECONDS)
                + " (tokens work for " + words(config.lifetime().orElseThrow()) + " on this server); renew tokens "
                + "before they expire (RenewToken), or register anew.");
        }
        return owner.player();
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

    /** When a token made at {@code createdAt} stops working; null when tokens do not expire. */
    Instant expiresAt(Instant createdAt) {
        return config.lifetime().map(createdAt::plus).orElse(null);
    }

    /** The RegisterResponse field: the expiry in epoch milliseconds, 0 for never. */
    long expiresAtEpochMillis(Instant createdAt) {
        Instant expiry = expiresAt(createdAt);
        return expiry == null ? 0 : expiry.toEpochMilli();
    }

    /**
     * RenewToken: a new token for the caller, whose calling token is revoked in the same transaction (and dropped from
     * every instance's cache). Blocking: call on a worker thread.
     */
    public RegisterResponse renew(String token) {
        Player player = caller(token);
        String fresh = newToken();
        Instant now = clock.now();
        String oldHex = HexFormat.of().formatHex(sha256(token));
        int revoked = unitOfWork.call(() -> {
            int deleted = players.deleteToken(sha256(token));
            if (deleted == 1) {
                players.insertToken(sha256(fresh), UUID.fromString(player.getId()), now);
                notifications.send(Notifications.TOKENS_REVOKED, oldHex);
                unitOfWork.afterCommit(() -> owners.forget(oldHex));
            }
            return deleted;
        });
        if (revoked == 0) {
            throw LobbyException.unauthenticated("The token was revoked meanwhile; register anew.");
        }
        return RegisterResponse.newBuilder().setPlayer(player).setToken(fresh).setExpiresAtEpochMillis(expiresAtEpochMillis(now))
            .build();
    }

    /**
     * The operator's revocation: every token of the named player, on every instance. Blocking: call on a worker thread.
     *
     * @return the player and how many tokens were revoked
     */
    public RevokeTokensResponse revokeAll(String playerName) {
        return unitOfWork.call(() -> {
            PlayerEntity p = players.requireByName(playerName);
            List<byte[]> hashes = players.tokenHashes(p.id);
            int deleted = players.deleteTokens(p.id);
            for (byte[] hash : hashes) {
                String hex = HexFormat.of().formatHex(hash);
                notifications.send(Notifications.TOKENS_REVOKED, hex);
                unitOfWork.afterCommit(() -> owners.forget(hex));
            }
            return RevokeTokensResponse.newBuilder().setPlayer(PlayerRepository.view(p)).setRevoked(deleted).build();
        });
    }

    /**
     * Revokes the caller's token: deleted, and dropped from the token cache of every instance (the notification is
     * delivered at commit); later calls with it are UNAUTHENTICATED. Blocking: call on a worker thread.
     */
    public LogoutResponse logout(String token) {
        caller(token); // UNAUTHENTICATED for a token that is not (or no longer) known
        String hashHex = HexFormat.of().formatHex(sha256(token));
        int revoked = unitOfWork.call(() -> {
            int deleted = players.deleteToken(sha256(token));
            notifications.send(Notifications.TOKENS_REVOKED, hashHex);
            unitOfWork.afterCommit(() -> owners.forget(hashHex));
            return deleted;
        });
        return LogoutResponse.newBuilder().setRevoked(revoked).build();
    }

    static String newToken() {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
