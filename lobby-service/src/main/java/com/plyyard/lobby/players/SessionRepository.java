package com.plyyard.lobby.players;

import com.plyyard.proto.v1.SessionKind;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The sessions table (V1's tokens, V8): one row per signed-in device. Call inside a unit of work. */
@ApplicationScoped
public class SessionRepository implements PanacheRepositoryBase<SessionEntity, byte[]> {
    /** A new session of a player; its public id. */
    public UUID insert(byte[] tokenHash, UUID playerId, SessionKind kind, String deviceLabel, String address, Instant now,
                       Instant expiresAt) {
        SessionEntity s = new SessionEntity();
        s.hash = tokenHash;
        s.id = UUID.randomUUID();
        s.playerId = playerId;
        s.createdAt = now;
        s.kind = kind.name();
        s.deviceLabel = deviceLabel;
        s.address = address;
        s.lastUsedAt = now;
        s.expiresAt = expiresAt;
        getEntityManager().persist(s);
        return s.id;
    }

    /** The owner of the session whose token has this SHA-256, or null (none, or its player is disabled). */
    public SessionOwner owner(byte[] hash) {
        List<Object[]> found = getEntityManager().createQuery(
                "select p, s from PlayerEntity p, SessionEntity s where s.playerId = p.id and s.hash = :hash "
                    + "and p.disabledAt is null", Object[].class)
            .setParameter("hash", hash).getResultList();
        if (found.isEmpty()) {
            return null;
        }
        SessionEntity s = (SessionEntity) found.get(0)[1];
        return new SessionOwner(PlayerRepository.view((PlayerEntity) found.get(0)[0]), s.id, SessionKind.valueOf(s.kind),
            s.createdAt, s.lastUsedAt, java.util.HexFormat.of().formatHex(hash));
    }

    /** Whether the player called {@code name} (any case) has a session made from {@code address}. */
    public boolean anyFrom(String name, String address) {
        return !getEntityManager().createQuery("select s.id from SessionEntity s, PlayerEntity p where s.playerId = p.id "
                + "and lower(p.name) = :name and s.address = :address", UUID.class)
            .setParameter("name", name.strip().toLowerCase(java.util.Locale.ROOT)).setParameter("address", address)
            .setMaxResults(1).getResultList().isEmpty();
    }

    /** A player's sessions, the most recently used first. */
    public List<SessionEntity> ofPlayer(UUID playerId) {
        return list("playerId = ?1 order by coalesce(lastUsedAt, createdAt) desc, createdAt desc", playerId);
    }

    /** The hashes of every session of a player but the one given (null: all). */
    public List<byte[]> hashesOf(UUID playerId, byte[] except) {
        return getEntityManager().createQuery("select s.hash from SessionEntity s where s.playerId = :player", byte[].class)
            .setParameter("player", playerId).getResultList().stream()
            .filter(h -> except == null || !java.util.Arrays.equals(h, except)).toList();
    }

    /** Deletes the session with this hash; how many there were (0 or 1). */
    public int deleteByHash(byte[] hash) {
        return getEntityManager().createQuery("delete from SessionEntity s where s.hash = :hash")
            .setParameter("hash", hash).executeUpdate();
    }

    /** Records uses of sessions: the later of the stored and the given time, and the idle expiry it renews. */
    public int recordUse(byte[] hash, Instant at, Instant idleExpiry) {
        return getEntityManager().createNativeQuery("UPDATE sessions SET last_used_at = greatest(last_used_at, ?2), "
                + "expires_at = CASE WHEN kind = 'SESSION_KIND_TOKEN' THEN expires_at ELSE greatest(expires_at, ?3) END "
                + "WHERE hash = ?1")
            .setParameter(1, hash).setParameter(2, at).setParameter(3, idleExpiry).executeUpdate();
    }

    /** The hashes of the sessions that ended unused before {@code now}, at most {@code limit}. */
    public List<byte[]> expired(Instant now, int limit) {
        return getEntityManager().createQuery("select s.hash from SessionEntity s where s.expiresAt < :now", byte[].class)
            .setParameter("now", now).setMaxResults(limit).getResultList();
    }
}
