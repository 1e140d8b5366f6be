package com.plyyard.lobby.rules;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.GameState;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * The moves of different matches judged together (docs/scaling.md, "Moves judged together"): a move waits in a queue;
 * each of {@code plyyard.lobby.rules.batch-calls} callers takes every move waiting (at most {@code batch-max}) and
 * sends them in one ApplyMoves call, then answers each mover with its own answer or refusal, exactly as ApplyMove would
 * have. A move that arrives while a caller is free goes at once (no waiting window); moves that arrive while every
 * caller is on its way go together, so a busy lobby makes fewer calls than moves: fewer HTTP/2 frames and socket writes
 * on both sides, the per-call cost that was most of rules-service's CPU per move.
 */
@ApplicationScoped
public class MoveJudge {
    private static final Logger LOG = Logger.getLogger(MoveJudge.class);

    @Inject
    Rules rules;

    @Inject
    RulesConfig config;

    @Inject
    MeterRegistry metrics;

    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final List<Thread> callers = new ArrayList<>();
    private volatile boolean stopping;
    private volatile boolean stopped;
    private DistributionSummary sizes;

    /** A move waiting to be judged, and its mover's answer. */
    public record Pending(ApplyMoveRequest move, CompletableFuture<Rules.Judged> judged) {
    }

    @PostConstruct
    void start() {
        sizes = DistributionSummary.builder("plyyard.lobby.rules.batch.size")
            .description("Moves judged by one ApplyMoves call").register(metrics);
        for (int i = 0; i < Math.max(1, config.batchCalls()); i++) {
            Thread t = new Thread(this::run, "plyyard-move-judge-" + i);
            t.setDaemon(true);
            callers.add(t);
            t.start();
        }
    }

    /** Judges what is queued, then stops; a move submitted after this is judged by its own caller. */
    @PreDestroy
    void stop() {
        stopping = true;
        for (Thread t : callers) {
            try {
                t.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stopped = true;
    }

    /** The move played on {@code state} with the legal moves after it, or the rules' refusal; blocks until judged. */
    public ApplyMoveResponse applyMove(GameState state, String move) {
        if (stopping) {
            return rules.applyMove(state, move);
        }
        Pending pending = new Pending(ApplyMoveRequest.newBuilder().setState(state).setMove(move).setWithLegalMoves(true)
            .build(), new CompletableFuture<>());
        queue.add(pending);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return pending.judged.get(1, TimeUnit.SECONDS).orThrow();
                } catch (TimeoutException e) {
                    // queued just as the callers stopped: judged here instead
                    if (stopped && queue.remove(pending)) {
                        return rules.applyMove(state, move);
                    }
                } catch (InterruptedException e) {
                    // a cancelled call: the answer comes within the rules' deadline; the interrupt is kept for the caller
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw LobbyException.internal("The move could not be judged (" + e.getCause() + "); nothing was changed.");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        int batchMax = Math.max(1, Math.min(64, config.batchMax()));
        while (true) {
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
            List<Pending> batch = new ArrayList<>();
            batch.add(first);
            queue.drainTo(batch, batchMax - 1);
            judge(batch);
        }
    }

    /** Judges one batch with one call and answers each of its movers (by a caller thread; by tests with their own). */
    public void judge(List<Pending> batch) {
        List<ApplyMoveRequest> moves = new ArrayList<>(batch.size());
        for (Pending p : batch) {
            moves.add(p.move);
        }
        try {
            List<Rules.Judged> judged = rules.applyMoves(moves);
            sizes.record(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).judged.complete(judged.get(i));
            }
        } catch (RuntimeException e) {
            // the call failed as a whole (rules-service unreachable, its deadline): every mover learns it
            for (Pending p : batch) {
                p.judged.completeExceptionally(e);
            }
        } catch (Throwable t) {
            // the thread lives on: a caller gone would leave every later mover waiting
            LOG.errorf(t, "judging %d moves failed", batch.size());
            for (Pending p : batch) {
                p.judged.completeExceptionally(t);
            }
        }
    }
}
