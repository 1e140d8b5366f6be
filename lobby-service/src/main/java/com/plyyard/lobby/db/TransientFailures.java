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
