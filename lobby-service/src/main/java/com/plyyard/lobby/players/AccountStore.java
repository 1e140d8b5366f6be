package com.plyyard.lobby.players;

import com.plyyard.proto.v1.Player;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The account tables of V8 beside players and sessions: passwords (Argon2id PHC strings), recovery codes and reset
 * tokens (their SHA-256), outside identities, and the account events. Call inside a unit of work.
 */
@ApplicationScoped
public class AccountStore {
    @Inject
    EntityManager em;

    /** The player's password hash, or null for an account without one. */
    public String passwordHash(UUID playerId) {
        List<?> rows = em.createNativeQuery("SELECT hash FROM passwords WHERE player_id = ?1").setParameter(1, playerId)
            .getResultList();
        return rows.isEmpty() ? null : (String) rows.get(0);
    }

    /** Sets (or replaces) the player's password hash. */
    public void setPassword(UUID playerId, String phc, Instant now) {
        em.createNativeQuery("INSERT INTO passwords (player_id, hash, changed_at) VALUES (?1, ?2, ?3) "
                + "ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash, changed_at = excluded.changed_at")
            .setParameter(1, playerId).setParameter(2, phc).setParameter(3, now).executeUpdate();
    }

    /**
     * Replaces a password hash only if it is still {@code expected} (a rehash at sign-in loses to a concurrent change).
     */
    public void rehash(UUID playerId, String expected, String phc) {
        em.createNativeQuery("UPDATE passwords SET hash = ?3 WHERE player_id = ?1 AND hash = ?2")
            .setParameter(1, playerId).setParameter(2, expected).setParameter(3, phc).executeUpdate();
    }

    /** Replaces the player's recovery codes by these hashes. */
    public void replaceRecoveryCodes(UUID playerId, List<byte[]> hashes, Instant now) {
        em.createNativeQuery("DELETE FROM recovery_codes WHERE player_id = ?1").setParameter(1, playerId).executeUpdate();
        for (byte[] h : hashes) {
            em.createNativeQuery("INSERT INTO recovery_codes (player_id, hash, created_at) VALUES (?1, ?2, ?3)")
                .setParameter(1, playerId).setParameter(2, h).setParameter(3, now).executeUpdate();
        }
    }

    /** Marks an unused recovery code of the player used; false when there is no such unused code. */
    public boolean useRecoveryCode(UUID playerId, byte[] hash, Instant now) {
        return em.createNativeQuery("UPDATE recovery_codes SET used_at = ?3 WHERE player_id = ?1 AND hash = ?2 "
                + "AND used_at IS NULL").setParameter(1, playerId).setParameter(2, hash).setParameter(3, now)
            .executeUpdate() == 1;
    }

    /** Whether the player has an unused recovery code with this hash. */
    public boolean hasRecoveryCode(UUID playerId, byte[] hash) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM recovery_codes WHERE player_id = ?1 AND hash = ?2 "
            + "AND used_at IS NULL").setParameter(1, playerId).setParameter(2, hash).getSingleResult()).intValue() == 1;
    }

    /** Whether the player has a reset token with this hash that has not expired. */
    public boolean hasResetToken(UUID playerId, byte[] hash, Instant now) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM reset_tokens WHERE player_id = ?1 AND hash = ?2 "
            + "AND expires_at > ?3").setParameter(1, playerId).setParameter(2, hash).setParameter(3, now).getSingleResult())
            .intValue() == 1;
    }

    /** The player's unused recovery codes. */
    public int recoveryCodesLeft(UUID playerId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM recovery_codes WHERE player_id = ?1 AND used_at IS NULL")
            .setParameter(1, playerId).getSingleResult()).intValue();
    }

    /** Stores the player's reset token (replacing an earlier one). */
    public void putResetToken(UUID playerId, byte[] hash, String issuedBy, Instant now, Instant expires) {
        em.createNativeQuery("DELETE FROM reset_tokens WHERE player_id = ?1").setParameter(1, playerId).executeUpdate();
        em.createNativeQuery("INSERT INTO reset_tokens (hash, player_id, issued_by, created_at, expires_at) "
                + "VALUES (?1, ?2, ?3, ?4, ?5)").setParameter(1, hash).setParameter(2, playerId).setParameter(3, issuedBy)
            .setParameter(4, now).setParameter(5, expires).executeUpdate();
    }

    /** Uses up the player's reset token with this hash if it has not expired; false otherwise. */
    public boolean useResetToken(UUID playerId, byte[] hash, Instant now) {
        return em.createNativeQuery("DELETE FROM reset_tokens WHERE player_id = ?1 AND hash = ?2 AND expires_at > ?3")
            .setParameter(1, playerId).setParameter(2, hash).setParameter(3, now).executeUpdate() == 1;
    }

    /** A player linked to an outside identity, and whether (and why) the operator disabled the account. */
    public record Linked(Player player, boolean disabled, String reason) {
    }

    /** The player linked to an outside identity, disabled or not; null when none is. */
    public Linked externalPlayer(String issuer, String subject) {
        List<?> rows = em.createNativeQuery("SELECT p.id, p.name, p.disabled_at IS NOT NULL, p.disabled_reason FROM "
                + "external_identities e JOIN players p ON p.id = e.player_id WHERE e.issuer = ?1 AND e.subject = ?2")
            .setParameter(1, issuer).setParameter(2, subject).getResultList();
        if (rows.isEmpty()) {
            return null;
        }
        Object[] row = (Object[]) rows.get(0);
        return new Linked(Player.newBuilder().setId(row[0].toString()).setName((String) row[1]).build(), (Boolean) row[2],
            (String) row[3]);
    }

    /** Links an outside identity to a player. */
    public void linkExternal(String issuer, String subject, UUID playerId, Instant now) {
        em.createNativeQuery("INSERT INTO external_identities (issuer, subject, player_id, created_at) VALUES (?1, ?2, ?3, ?4)")
            .setParameter(1, issuer).setParameter(2, subject).setParameter(3, playerId).setParameter(4, now).executeUpdate();
    }

    /** The issuer a player's account is linked to, or "". */
    public String externalIssuer(UUID playerId) {
        List<?> rows = em.createNativeQuery("SELECT issuer FROM external_identities WHERE player_id = ?1")
            .setParameter(1, playerId).getResultList();
        return rows.isEmpty() ? "" : (String) rows.get(0);
    }

    /** Records what changed an account. */
    public void event(UUID playerId, Instant at, String kind, String actor, String address, String detail) {
        em.createNativeQuery("INSERT INTO account_events (player_id, at, kind, actor, address, detail) "
                + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)").setParameter(1, playerId).setParameter(2, at).setParameter(3, kind)
            .setParameter(4, actor).setParameter(5, address).setParameter(6, detail).executeUpdate();
    }
}
