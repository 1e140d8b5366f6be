package com.plyyard.lobby.db;

import java.sql.SQLException;

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
     * the call can be answered UNAVAILABLE and tried again by the client once the database is back.
     */
    public static boolean databaseUnreachable(Throwable t) {
        Throwable c = t;
        for (int depth = 0; depth < 32 && c != null; depth++) {
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
            if (c.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException")) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
            c = c.getCause();
        }
        return false;
    }

    public static boolean retryable(Throwable t) {
        Throwable c = t;
        for (int depth = 0; depth < 32 && c != null; depth++) {
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
            if (c.getCause() == c) {
                break;
            }
            c = c.getCause();
        }
        return false;
    }
}
