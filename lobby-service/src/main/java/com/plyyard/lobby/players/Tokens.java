package com.plyyard.lobby.players;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.Notifications;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.proto.v1.LogoutResponse;
import com.plyyard.proto.v1.Player;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Tokens: 32 random bytes (base64url), of which only the SHA-256 is stored; who a token belongs to is looked up by its
 * hash ({@link TokenOwners}, cached).
 */
@ApplicationScoped
public class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    TokenOwners owners;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PlayerRepository players;

    @Inject
    Notifications notifications;

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
        return owners.byHash(HexFormat.of().formatHex(sha256(token)));
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
