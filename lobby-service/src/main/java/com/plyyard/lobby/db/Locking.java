package com.plyyard.lobby.db;

import jakarta.persistence.LockModeType;
import jakarta.persistence.TypedQuery;
import org.hibernate.Timeouts;

/**
 * Row locks on entity queries, the way every repository takes them: {@code FOR UPDATE} (optionally
 * {@code SKIP LOCKED}: rows held by another transaction are left out, for the background jobs that must never
 * wait). A query that locks several rows orders them by id, so two transactions take them in
 * the same order and never deadlock.
 */
public final class Locking {
    private static final String LOCK_TIMEOUT = "jakarta.persistence.lock.timeout";

    private Locking() {
    }

    public static <T> TypedQuery<T> forUpdate(TypedQuery<T> query, boolean skipLocked) {
        query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        if (skipLocked) {
            query.setHint(LOCK_TIMEOUT, Timeouts.SKIP_LOCKED_MILLI);
        }
        return query;
    }

    public static <T> TypedQuery<T> forUpdate(TypedQuery<T> query) {
        return forUpdate(query, false);
    }
}
