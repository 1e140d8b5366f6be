package com.plyyard.lobby.match;

import com.plyyard.lobby.db.TransientFailures;
import com.plyyard.proto.v1.MatchEvent;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * The moves' group commit (docs/scaling.md, "The batching writer"): a move ready to be written waits in a queue; a
 * writer thread takes every move waiting, at most one per match, and writes them with one statement in one commit
 * ({@link MoveStore#write}). Each mover is answered after that commit, with whether its own move was written: a move
 * whose match changed meanwhile is read and checked again by its caller, as before, and touches no other move.
 *
 * <p>The batch is whatever arrived while the previous one was being written, so an idle lobby writes each move at once
 * (no waiting window) and a busy one writes more moves per commit: fewer round trips, statements and WAL flushes per
 * move, the PostgreSQL cost that grew with every move. {@code synchronous_commit} stays on: no move is answered before
 * its commit is on disk.
 */
@ApplicationScoped
class MoveWriter {
    private static final Logger LOG = Logger.getLogger(MoveWriter.class);

    @Inject
    MoveStore store;

    @Inject
    MeterRegistry metrics;

    @Inject
    MovesConfig config;

    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private volatile boolean stopped;
    private DistributionSummary sizes;

    /** A move waiting to be written, and its mover's answer. */
    record Pending(MoveStore.Write move, CompletableFuture<Boolean> written) {
        UUID match() {
            return move.row().id;
        }
    }

    @PostConstruct
    void start() {
        sizes = DistributionSummary.builder("plyyard.lobby.move.batch.size")
            .description("Moves written by one statement and commit").register(metrics);
        for (int i = 0; i < Math.max(1, config.writers()); i++) {
            Thread t = new Thread(this::run, "plyyard-move-writer-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Writes what is queued, then stops; a move submitted after this is written by its own caller. */
    @PreDestroy
    void stop() {
        stopping = true;
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stopped = true;
    }

    /**
     * Writes the move together with whatever else is waiting; true once it is committed, false (nothing written) when
     * its match is no longer at {@code readVersion} or no longer active. Blocks the caller until then.
     */
    boolean write(MatchEntity row, List<SeatEntity> seats, long readVersion, MatchEvent event) {
        MoveStore.Write move = new MoveStore.Write(row, seats, readVersion, event);
        if (stopping) {
            return store.write(List.of(move)).contains(row.id);
        }
        Pending pending = new Pending(move, new CompletableFuture<>());
        queue.add(pending);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return pending.written.get(1, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    // queued just as the writers stopped: written here instead
                    if (stopped && queue.remove(pending)) {
                        return store.write(List.of(move)).contains(row.id);
                    }
                } catch (InterruptedException e) {
                    // a cancelled call: the move may be in the batch being committed, so its outcome is awaited (the
                    // writer's own database call bounds the wait) and the interrupt kept for the caller
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("the move's write failed: " + cause.getMessage(), cause);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        int batchMax = Math.max(1, config.batchMax());
        List<Pending> deferred = new ArrayList<>();
        while (true) {
            List<Pending> batch = new ArrayList<>();
            Set<UUID> matches = new HashSet<>();
            List<Pending> later = new ArrayList<>();
            for (Pending p : deferred) {
                add(p, batch, matches, later);
            }
            deferred = later;
            if (batch.isEmpty()) {
                Pending first;
                try {
                    first = queue.poll(100, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    first = null;
                }
                if (first == null) {
                    if (stopping && queue.isEmpty()) {
                        return;
                    }
                    continue;
                }
                add(first, batch, matches, deferred);
            }
            Pending next;
            while (batch.size() < batchMax && (next = queue.poll()) != null) {
                add(next, batch, matches, deferred);
            }
            write(batch);
        }
    }

    /**
     * Into the batch, or into the next one when the batch holds a move of the same match already (two moves of one
     * match read at the same version: the second is written after the first, and most likely finds it changed).
     */
    private static void add(Pending p, List<Pending> batch, Set<UUID> matches, List<Pending> later) {
        if (matches.add(p.match())) {
            batch.add(p);
        } else {
            later.add(p);
        }
    }

    /** Writes one batch and answers each of its movers (called by a writer thread; by tests with a batch of their own). */
    void write(List<Pending> batch) {
        List<MoveStore.Write> moves = new ArrayList<>(batch.size());
        for (Pending p : batch) {
            moves.add(p.move);
        }
        try {
            Set<UUID> written = store.write(moves);
            sizes.record(batch.size());
            for (Pending p : batch) {
                p.written.complete(written.contains(p.match()));
            }
        } catch (RuntimeException e) {
            if (TransientFailures.retryable(e)) {
                // PostgreSQL broke a deadlock with another writer: nothing of the batch was written, each move is
                // read and checked again by its own caller
                LOG.debugf("a batch of %d moves was rolled back (%s); each is read again", batch.size(), e.getMessage());
                for (Pending p : batch) {
                    p.written.complete(false);
                }
            } else if (batch.size() > 1 && !TransientFailures.databaseUnreachable(e)) {
                // one move's row broke the statement: each is written alone, so only that move's mover sees it
                LOG.debugf("a batch of %d moves failed (%s); each is written alone", batch.size(), e.getMessage());
                for (Pending p : batch) {
                    write(List.of(p));
                }
            } else {
                for (Pending p : batch) {
                    p.written.completeExceptionally(e);
                }
            }
        } catch (Throwable t) {
            // the thread lives on: a writer gone would leave every later mover waiting
            LOG.errorf(t, "a batch of %d moves failed", batch.size());
            for (Pending p : batch) {
                p.written.completeExceptionally(t);
            }
        }
    }
}
