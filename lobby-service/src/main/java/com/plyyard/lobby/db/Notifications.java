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
    @Inject
    EntityManager em;

    public void send(String channel, String payload) {
        em.createNativeQuery("SELECT count(*) FROM (SELECT pg_notify(?1, ?2)) n")
            .setParameter(1, channel).setParameter(2, payload).getSingleResult();
    }
}
