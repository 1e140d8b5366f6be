package com.plyyard.lobby.rules;

import com.plyyard.lobby.common.GroupedWork;
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
import org.jboss.logging.Logger;

/**
 * The moves of different matches judged together (docs/scaling.md, "Moves judged together"): a move waits in a queue;
 * each of {@code plyyard.lobby.rules.batch-calls} callers takes every move waiting (at most {@code batch-max}) and
 * sends them in one ApplyMoves call, then answers each mover with its own answer or refusal, exactly as ApplyMove would
 * have. A move that arrives while a caller is free goes at once (no waiting window); moves that arrive while every
 * caller is on its way go together, so a busy lobby makes fewer calls than moves: fewer HTTP/2 frames and socket writes
 * on both sides. The queue and its threads are {@link GroupedWork}'s.
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

    private GroupedWork<ApplyMoveRequest, Rules.Judged> batches;
    private DistributionSummary sizes;

    @PostConstruct
    void start() {
        sizes = DistributionSummary.builder("plyyard.lobby.rules.batch.size")
            .description("Moves judged by one ApplyMoves call").register(metrics);
        batches = new GroupedWork<>("plyyard-move-judge", config.batchCalls(), Math.min(64, config.batchMax()), null,
            this::judge,
            move -> rules.applyMoves(List.of(move)).get(0));
        batches.start();
    }

    /** Judges what is queued, then stops; a move submitted after this is judged by its own caller. */
    @PreDestroy
    void stop() {
        batches.stop(15_000);
    }

    /** The move played on {@code state} with the legal moves after it, or the rules' refusal; blocks until judged. */
    public ApplyMoveResponse applyMove(GameState state, String move) {
        return batches.submit(ApplyMoveRequest.newBuilder().setState(state).setMove(move).setWithLegalMoves(true).build())
            .orThrow();
    }

    /** Judges one batch with one call and answers each of its movers (by a caller thread; by tests with their own). */
    public void judge(List<GroupedWork.Item<ApplyMoveRequest, Rules.Judged>> batch) {
        List<ApplyMoveRequest> moves = new ArrayList<>(batch.size());
        for (GroupedWork.Item<ApplyMoveRequest, Rules.Judged> item : batch) {
            moves.add(item.work());
        }
        try {
            List<Rules.Judged> judged = rules.applyMoves(moves);
            sizes.record(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).answer().complete(judged.get(i));
            }
        } catch (RuntimeException e) {
            // the call failed as a whole (rules-service unreachable, its deadline): every mover learns it
            for (GroupedWork.Item<ApplyMoveRequest, Rules.Judged> item : batch) {
                item.answer().completeExceptionally(e);
            }
        } catch (Throwable t) {
            // the thread lives on: a caller gone would leave every later mover waiting
            LOG.errorf(t, "judging %d moves failed", batch.size());
            for (GroupedWork.Item<ApplyMoveRequest, Rules.Judged> item : batch) {
                item.answer().completeExceptionally(t);
            }
        }
    }
}
