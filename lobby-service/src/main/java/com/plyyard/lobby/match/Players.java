package com.plyyard.lobby.match;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.lobby.model.PlayerEntity;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterResponse;
import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/** Players and their tokens. A token is 32 random bytes (base64url); only its SHA-256 is stored. */
@ApplicationScoped
public class Players {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{2,32}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int CACHE_LIMIT = 10_000;

    /** token hash (hex) → player; tokens are never revoked, so a cached answer stays true */
    private final Map<String, Player> cache = new ConcurrentHashMap<>();

    public RegisterResponse register(String rawName) {
        String name = rawName == null ? "" : rawName.strip();
        if (!NAME.matcher(name).matches()) {
            throw LobbyErrors.invalid("A player name has 2 to 32 characters among letters, digits, '_' and '-'; '"
                + name + "' does not.");
        }
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        UUID id = UUID.randomUUID();
        boolean created = QuarkusTransaction.requiringNew().call(() -> {
            // the unique index on lower(name) decides races; ON CONFLICT keeps the transaction usable
            int rows = Panache.getEntityManager().createNativeQuery(
                    "INSERT INTO players (id, name, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")
                .setParameter(1, id).setParameter(2, name).setParameter(3, Instant.now()).executeUpdate();
            if (rows == 0) {
                return false;
            }
            Panache.getEntityManager().createNativeQuery(
                    "INSERT INTO tokens (hash, player_id, created_at) VALUES (?1, ?2, ?3)")
                .setParameter(1, sha256(token)).setParameter(2, id).setParameter(3, Instant.now()).executeUpdate();
            return true;
        });
        if (!created) {
            throw LobbyErrors.alreadyExists("The name '" + name + "' is taken (names are unique ignoring case); choose another.");
        }
        return RegisterResponse.newBuilder().setPlayer(Player.newBuilder().setId(id.toString()).setName(name)).setToken(token).build();
    }

    /** The player the token belongs to; UNAUTHENTICATED when there is none. Call on a worker thread. */
    public Player caller(String token) {
        if (token == null) {
            throw LobbyErrors.unauthenticated("This call needs the metadata 'authorization: Bearer <token>'; Register gives a token.");
        }
        byte[] hash = sha256(token);
        String key = HexFormat.of().formatHex(hash);
        Player cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Player found = QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = Panache.getEntityManager().createNativeQuery(
                    "SELECT p.id, p.name FROM tokens t JOIN players p ON p.id = t.player_id WHERE t.hash = ?1")
                .setParameter(1, hash).getResultList();
            if (rows.isEmpty()) {
                return null;
            }
            Object[] row = rows.get(0);
            return Player.newBuilder().setId(row[0].toString()).setName((String) row[1]).build();
        });
        if (found == null) {
            throw LobbyErrors.unauthenticated("The token is not known here; Register gives a valid one.");
        }
        if (cache.size() < CACHE_LIMIT) {
            cache.put(key, found);
        }
        return found;
    }

    /** Players by id (one query), for building seat views; call inside a transaction. */
    public static Map<UUID, Player> byIds(java.util.Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        Map<UUID, Player> out = new java.util.HashMap<>();
        for (PlayerEntity p : PlayerEntity.<PlayerEntity>list("id in ?1", List.copyOf(new java.util.HashSet<>(ids)))) {
            out.put(p.id, Player.newBuilder().setId(p.id.toString()).setName(p.name).build());
        }
        return out;
    }

    /** The player called {@code name} (ignoring case), or null; call inside a transaction. */
    public static PlayerEntity byName(String name) {
        return PlayerEntity.<PlayerEntity>find("lower(name) = ?1", name.strip().toLowerCase(java.util.Locale.ROOT))
            .firstResult();
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
