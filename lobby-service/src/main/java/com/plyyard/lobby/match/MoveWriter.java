package com.plyyard.lobby.match;

import com.plyyard.lobby.common.GroupedWork;
import com.plyyard.lobby.db.TransientFailures;
import com.plyyard.proto.v1.MatchEvent;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
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
 * its commit is on disk. The queue and its threads are {@link GroupedWork}'s.
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

    private GroupedWork<MoveStore.Write, Boolean> batches;
    private DistributionSummary sizes;

    @PostConstruct
    void start() {
        sizes = DistributionSummary.builder("plyyard.lobby.move.batch.size")
            .description("Moves written by one statement and commit").register(metrics);
        // two moves of one match read at the same version never share a batch: the second is written after the first,
        // and most likely finds it changed
        batches = new GroupedWork<>("plyyard-move-writer", config.writers(), config.batchMax(), w -> w.row().id,
            this::write,
            move -> store.write(List.of(move)).contains(move.row().id));
        batches.start();
    }

    /** Writes what is queued, then stops; a move submitted after this is written by its own caller. */
    @PreDestroy
    void stop() {
        batches.stop(10_000);
    }

    /**
     * Writes the move together with whatever else is waiting; true once it is committed, false (nothing written) when
     * its match is no longer at {@code readVersion} or no longer active. Blocks the caller until then.
     */
    boolean write(MatchEntity row, List<SeatEntity> seats, long readVersion, MatchEvent event) {
        return batches.submit(new MoveStore.Write(row, seats, readVersion, event));
    }

    /** Writes one batch and answers each of its movers (called by a writer thread; by tests with a batch of their own). */
    void write(List<GroupedWork.Item<MoveStore.Write, Boolean>> batch) {
        List<MoveStore.Write> moves = new ArrayList<>(batch.size());
        for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
            moves.add(item.work());
        }
        try {
            Set<UUID> written = store.write(moves);
            sizes.record(batch.size());
            for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
                item.answer().complete(written.contains(item.work().row().id));
            }
        } catch (RuntimeException e) {
            if (TransientFailures.retryable(e)) {
                // PostgreSQL broke a deadlock with another writer: nothing of the batch was written, each move is
                // read and checked again by its own caller
                LOG.debugf("a batch of %d moves was rolled back (%s); each is read again", batch.size(), e.getMessage());
                for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
                    item.answer().complete(false);
                }
            } else if (batch.size() > 1 && !TransientFailures.databaseUnreachable(e)) {
                // one move's row broke the statement: each is written alone, so only that move's mover sees it
                LOG.debugf("a batch of %d moves failed (%s); each is written alone", batch.size(), e.getMessage());
                for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
                    write(List.of(item));
                }
            } else {
                for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
                    item.answer().completeExceptionally(e);
                }
            }
        } catch (Throwable t) {
            // the thread lives on: a writer gone would leave every later mover waiting
            LOG.errorf(t, "a batch of %d moves failed", batch.size());
            for (GroupedWork.Item<MoveStore.Write, Boolean> item : batch) {
                item.answer().completeExceptionally(t);
            }
        }
    }
}
