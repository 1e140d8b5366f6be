package com.plyyard.lobby.db;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/**
 * PostgreSQL's {@code NOTIFY}: sent inside the transaction, delivered to every listening connection (every lobby
 * instance's LISTEN connection) when it commits, never when it rolls back. Call inside a unit of work.
 */
@ApplicationScoped
public class Notifications {
    /** A token was revoked; the payload is its hash in hex (players.TokenOwners drops it from every cache). */
    public static final String TOKENS_REVOKED = "plyyard_tokens_revoked";

    /**
     * A notification on a channel other than the event logs', passed on as a CDI event by the LISTEN connection;
     * {@code payload} null: the connection was lost, notifications may have been missed, forget whatever they keep
     * up to date.
     */
    public record Received(String channel, String payload) {
    }

    @Inject
    EntityManager em;

    public void send(String channel, String payload) {
        em.createNativeQuery("SELECT count(*) FROM (SELECT pg_notify(?1, ?2)) n")
            .setParameter(1, channel).setParameter(2, payload).getSingleResult();
    }
}
