package com.plyyard.lobby.db;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The one way the lobby changes (or consistently reads) the database: every call of {@link #call}/{@link #run} is one
 * new transaction.
 *
 * <ol>
 *   <li>The work runs; it takes its locks first and throws to refuse (a {@code LobbyException}) before writing, so a
 *   refusal rolls back and changes nothing.
 *   <li>Pending entity changes are flushed, then the steps registered with {@link #beforeCommit} run in order, then
 *   those registered with {@link #beforeCommitLast} (the lobby event log: its lock is the transaction's last).
 *   <li>The transaction commits. Only then, and only once, the actions registered with {@link #afterCommit} run
 *   (metrics, waking the AI, signalling local streams), outside any transaction; a failing action is logged.
 * </ol>
 *
 * A deadlock or serialization conflict, or a {@link RetryTransaction} thrown by the work, runs the whole transaction
 * again, at most {@value #ATTEMPTS} times in all; nothing of a failed attempt is kept, its after-commit actions
 * included. Everything registered belongs to the transaction it was registered in (a nested {@code call} has its own).
 */
@ApplicationScoped
public class UnitOfWork {
    private static final Logger LOG = Logger.getLogger(UnitOfWork.class);
    static final int ATTEMPTS = 4;
    private static final String KEY = "plyyard-unit-of-work";

    @Inject
    TransactionSynchronizationRegistry registry;

    @Inject
    EntityManager em;

    /** Thrown by the work to run the whole transaction again (the rows it locked turned out to be the wrong ones). */
    public static final class RetryTransaction extends RuntimeException {
        public RetryTransaction(String why) {
            super(why, null, false, false);
        }
    }

    /** What one attempt registered. */
    private static final class Attempt {
        final List<Runnable> beforeCommit = new ArrayList<>();
        final List<Runnable> beforeCommitLast = new ArrayList<>();
        final List<Runnable> afterCommit = new ArrayList<>();
        final Map<Object, Object> locals = new HashMap<>();
    }

    public <T> T call(Supplier<T> work) {
        for (int attempt = 1; ; attempt++) {
            Attempt a = new Attempt();
            T result;
            try {
                result = QuarkusTransaction.requiringNew().call(() -> {
                    registry.putResource(KEY, a);
                    T r = work.get();
                    finish(a);
                    return r;
                });
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS || !TransientFailures.retryable(e)) {
                    throw e;
                }
                LOG.debugf("transaction attempt %d failed transiently (%s); running it again", attempt, e.toString());
                continue;
            }
            for (Runnable action : a.afterCommit) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    LOG.errorf(e, "an after-commit action failed (the transaction itself committed)");
                }
            }
            return result;
        }
    }

    public void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    /** The steps before the commit, steps registered by steps included. */
    private void finish(Attempt a) {
        em.flush();
        for (int i = 0; i < a.beforeCommit.size(); i++) {
            a.beforeCommit.get(i).run();
        }
        em.flush();
        for (int i = 0; i < a.beforeCommitLast.size(); i++) {
            a.beforeCommitLast.get(i).run();
        }
    }

    /** Runs {@code step} at the end of this transaction's work, before the commit. */
    public void beforeCommit(Runnable step) {
        current("beforeCommit").beforeCommit.add(step);
    }

    /** Like {@link #beforeCommit}, after every other step: for the step whose lock must be the transaction's last. */
    public void beforeCommitLast(Runnable step) {
        current("beforeCommitLast").beforeCommitLast.add(step);
    }

    /** Runs {@code action} once this transaction has committed (never if it rolls back or is retried). */
    public void afterCommit(Runnable action) {
        current("afterCommit").afterCommit.add(action);
    }

    /** A value kept for the rest of this transaction (per attempt), created on first use. */
    @SuppressWarnings("unchecked")
    public <T> T transactionLocal(Object key, Supplier<T> initial) {
        return (T) current("transactionLocal").locals.computeIfAbsent(key, k -> initial.get());
    }

    /** Fails unless a unit of work is running on this thread: for methods that rely on the caller's transaction. */
    public void requireActive(String what) {
        current(what);
    }

    private Attempt current(String what) {
        Attempt a = registry.getTransactionKey() == null ? null : (Attempt) registry.getResource(KEY);
        if (a == null || registry.getTransactionStatus() != Status.STATUS_ACTIVE) {
            throw new IllegalStateException(what + " must be called inside a unit of work (UnitOfWork.call)");
        }
        return a;
    }
}
