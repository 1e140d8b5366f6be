package com.plyyard.engine.review;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * Weighs a position with the engine: a search within the time per position names the best move and its score; a move
 * played instead is then scored at the depth that search reached, with a full window ({@link Engine#scoreMove}), so
 * that the two scores come from the same depth. The table the search filled makes that second look cheap; when it
 * still runs past twice the time a search had, both moves are scored again at a shallower depth instead, again alike.
 */
public final class SearchJudge implements GameReviewer.Judge {
    /** {@link GameReviewer.Weighed#engine()} for our search. */
    public static final String ENGINE = "plyyard";

    private final Engine engine;
    private final Limits limits;

    /**
     * @param engine one thread's engine, for this review alone (the table carries over from move to move)
     * @param limits each position's search: a time (as ai-service reviews), or a depth (the same review every time)
     */
    public SearchJudge(Engine engine, Limits limits) {
        if (limits.depth() <= 0 && limits.moveMillis() <= 0) {
            throw new IllegalArgumentException("a review needs a depth or a time per position");
        }
        this.engine = engine;
        this.limits = limits;
    }

    @Override
    public GameReviewer.Weighed weigh(Position position, LegalMove played, BooleanSupplier stop) {
        long start = System.nanoTime();
        Engine.Result best = engine.bestMove(position, Engine.Request.of(limits), stop, null);
        if (best.move().equals(played) || position.legalMoves().size() == 1) {
            return new GameReviewer.Weighed(best.move(), best.score(), best.score(), best.depth(), best.pv(), ENGINE);
        }
        int depth = Math.max(1, best.depth());
        OptionalInt score = engine.scoreMove(position, played, depth, limits.moveMillis() > 0 ? start + 3 * limits.moveMillis() * 1_000_000L
            : Long.MAX_VALUE, stop);
        if (score.isPresent()) {
            return new GameReviewer.Weighed(best.move(), best.score(), score.getAsInt(), depth, best.pv(), ENGINE);
        }
        // out of time at the search's depth: both moves, alike, at half of it (quick: the table knows them)
        int shallow = Math.max(1, depth / 2);
        int bestScore = engine.scoreMove(position, best.move(), shallow, Long.MAX_VALUE, () -> false).orElseThrow();
        int playedScore = engine.scoreMove(position, played, shallow, Long.MAX_VALUE, () -> false).orElseThrow();
        return new GameReviewer.Weighed(best.move(), bestScore, playedScore, shallow, best.pv(), ENGINE);
    }
}
