package com.plyyard.lobby.db;

import com.plyyard.lobby.common.LobbyClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The database's clock ({@code clock_timestamp()}), the lobby's {@link LobbyClock} in production: one clock for every
 * lobby instance, so clocks, deadlines and expiries agree whichever instance computes them. Inside a unit of work it
 * asks the database; outside one (a token's expiry, checked on every call from a cache) it adds to this machine's clock
 * the offset measured at the last reading, read anew when older than {@link #OFFSET_MAX_AGE_MILLIS}.
 */
@ApplicationScoped
public class DatabaseClock implements LobbyClock {
    static final long OFFSET_MAX_AGE_MILLIS = 30_000;

    @Inject
    EntityManager em;

    @Inject
    TransactionSynchronizationRegistry registry;

    private volatile long offsetMillis;
    private volatile long offsetReadAt = Long.MIN_VALUE;

    @Override
    public long nowMillis() {
        if (registry.getTransactionKey() != null) {
            return read();
        }
        long local = System.currentTimeMillis();
        if (offsetReadAt == Long.MIN_VALUE || local - offsetReadAt > OFFSET_MAX_AGE_MILLIS) {
            return QuarkusTransaction.requiringNew().call(this::read);
        }
        return local + offsetMillis;
    }

    @Override
    public long nowMillis(long databaseMillis) {
        remember(databaseMillis);
        return databaseMillis;
    }

    private long read() {
        Object v = em.createNativeQuery("SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS bigint)")
            .getSingleResult();
        long now = ((Number) v).longValue();
        remember(now);
        return now;
    }

    private void remember(long databaseMillis) {
        long local = System.currentTimeMillis();
        offsetMillis = databaseMillis - local;
        offsetReadAt = local;
    }
}
