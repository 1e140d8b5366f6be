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
}
