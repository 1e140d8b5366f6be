package com.plyyard.lobby.db;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures make the unit of work run its transaction again. */
class TransientFailuresTest {
    @Test
    void deadlocksAndSerializationFailuresAreRetriedWhereverTheyAreWrapped() {
        assertTrue(TransientFailures.retryable(new SQLException("deadlock", "40P01")));
        assertTrue(TransientFailures.retryable(new SQLException("serialization", "40001")));
        RuntimeException wrapped = new RuntimeException("tx", new IllegalStateException("flush",
            new SQLException("deadlock", "40P01")));
        assertTrue(TransientFailures.retryable(wrapped));
    }

    @Test
    void aChainedNextExceptionCounts() {
        SQLException batch = new SQLException("batch failed", "XX000");
        batch.setNextException(new SQLException("serialization", "40001"));
        assertTrue(TransientFailures.retryable(batch));
    }

    @Test
    void otherDatabaseErrorsAndDomainFailuresAreNot() {
        assertFalse(TransientFailures.retryable(new SQLException("unique", "23505")));
        assertFalse(TransientFailures.retryable(new SQLException("no state")));
        assertFalse(TransientFailures.retryable(new IllegalArgumentException("bad")));
        assertFalse(TransientFailures.retryable(null));
    }

    @Test
    void aCycleInTheCauseChainEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertFalse(TransientFailures.retryable(a));
    }

    @Test
    void aCommitBrokenByARestartingDatabaseIsUnreachable() {
        // as Narayana reports it: the driver's error only under a suppressed XAException of the RollbackException
        RuntimeException rollback = new RuntimeException("ARJUNA016053: Could not commit transaction.");
        Exception xa = new Exception("Error trying to transactionCommit local transaction",
            new SQLException("FATAL: terminating connection due to administrator command", "57P01"));
        rollback.addSuppressed(xa);
        RuntimeException call = new RuntimeException("QuarkusTransactionException", rollback);
        assertTrue(TransientFailures.databaseUnreachable(call));
        assertFalse(TransientFailures.retryable(call));
    }

    @Test
    void unreachableMeansConnectionStatesOnly() {
        assertTrue(TransientFailures.databaseUnreachable(new SQLException("I/O error", "08006")));
        assertTrue(TransientFailures.databaseUnreachable(new SQLException("starting up", "57P03")));
        assertTrue(TransientFailures.databaseUnreachable(new SQLException("Acquisition timeout while waiting")));
        assertFalse(TransientFailures.databaseUnreachable(new SQLException("unique", "23505")));
        assertFalse(TransientFailures.databaseUnreachable(new SQLException("deadlock", "40P01")));
        assertFalse(TransientFailures.databaseUnreachable(null));
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.addSuppressed(b); // a loop through a suppressed exception ends too
        assertFalse(TransientFailures.databaseUnreachable(b));
    }
}
