package com.plyyard.lobby.db;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;

/**
 * The database's clock ({@code clock_timestamp()}): one clock for every lobby instance, so clocks, deadlines and
 * expiries agree whichever instance computes them. Call inside a unit of work.
 */
@ApplicationScoped
public class DatabaseClock {
    @Inject
    EntityManager em;

    public long nowMillis() {
        Object v = em.createNativeQuery("SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint)")
            .getSingleResult();
        return ((Number) v).longValue();
    }

    public Instant now() {
        return Instant.ofEpochMilli(nowMillis());
    }
}
