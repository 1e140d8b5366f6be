package com.plyyard.lobby.db;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which failures of a transaction are worth running it again: PostgreSQL broke a deadlock (40P01) or a serialization
 * conflict (40001), or the work asked for it ({@link UnitOfWork.RetryTransaction}). Looked for anywhere in the cause
 * chain, since Hibernate and the transaction manager wrap them.
 */
public final class TransientFailures {
    static final String DEADLOCK = "40P01";
    static final String SERIALIZATION_FAILURE = "40001";

    private TransientFailures() {
    }

    /**
     * The database could not be reached or the connection broke (SQLSTATE class 08, PostgreSQL shutting down or
     * starting: 57P01-57P03, or the pool could not get a connection in time). Nothing of the transaction is kept;
     * the call can be answered UNAVAILABLE and tried again by the client once the database is back. A commit that
     * failed this way reaches us as the transaction manager's RollbackException with the driver's error only among
     * its suppressed exceptions, so those are searched too.
     */
    public static boolean databaseUnreachable(Throwable t) {
        return anywhere(t, c -> {
            if (c instanceof SQLException s) {
                for (SQLException e = s; e != null; e = e.getNextException()) {
                    String state = e.getSQLState();
                    if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) {
                        return true;
                    }
                    // Agroal's acquisition timeout carries no SQLSTATE
                    if (state == null && e.getMessage() != null && e.getMessage().startsWith("Acquisition timeout")) {
                        return true;
                    }
                }
            }
            return c.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException");
        });
    }

    public static boolean retryable(Throwable t) {
        return anywhere(t, c -> {
            if (c instanceof UnitOfWork.RetryTransaction) {
                return true;
            }
            if (c instanceof SQLException s) {
                for (SQLException e = s; e != null; e = e.getNextException()) {
                    if (DEADLOCK.equals(e.getSQLState()) || SERIALIZATION_FAILURE.equals(e.getSQLState())) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    /** Whether the test holds for the throwable, one of its causes or their suppressed exceptions (cycles end). */
    private static boolean anywhere(Throwable t, Predicate<Throwable> test) {
        if (t == null) {
            return false;
        }
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        todo.add(t);
        while (!todo.isEmpty() && seen.size() < 64) {
            Throwable c = todo.poll();
            if (!seen.add(c)) {
                continue;
            }
            if (test.test(c)) {
                return true;
            }
            if (c.getCause() != null) {
                todo.add(c.getCause());
            }
            Collections.addAll(todo, c.getSuppressed());
        }
        return false;
    }
}
