package com.plyyard.lobby.ai;

import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import java.util.Iterator;

/**
 * Where the AI seats' moves come from: ai-service over gRPC in production ({@link EngineClient}); tests put a scripted
 * engine in its place. Blocking: called on the AI's own threads, never inside a transaction.
 */
public interface AiEngine {
    /**
     * The engine's move for a seat of the given level (1..5): with the seat's clock when the match has one (the engine
     * spends a share of it), else the level's own budget.
     *
     * @param clockMillis the seat's time left, or -1 without a clock
     * @throws EngineUnavailable whatever the engine answered instead of a move
     */
    BestMoveResponse bestMove(GameState state, int level, long clockMillis, long incrementMillis, long seed);

    /**
     * How one seat stands (engine.proto's Evaluate): ai-service's search of the position for {@code budgetMillis}, its
     * score from that seat's view (above 0: it stands better), whether or not the seat is to move.
     *
     * @throws EngineUnavailable whatever the engine answered instead of a score
     */
    EvaluateResponse evaluate(GameState state, int seat, long budgetMillis);

    /**
     * Starts ai-service's review of a game (engine.proto's ReviewGame): its progress in order, read as it comes.
     *
     * @param deadlineMillis how long the whole review may take
     */
    ReviewStream review(ReviewGameRequest request, long deadlineMillis);

    /**
     * A review under way. {@link #hasNext} and {@link #next} block until ai-service sends, and throw
     * {@link EngineUnavailable} for whatever it answered instead; {@link #close} stops the review if it still runs.
     */
    interface ReviewStream extends Iterator<ReviewProgress>, AutoCloseable {
        @Override
        void close();
    }

    /** Where the engine is, for the warnings. */
    String address();

    /** The engine did not answer with a move: the code of its status (or the channel's) and its sentence. */
    final class EngineUnavailable extends RuntimeException {
        final String code;

        /** The status code ai-service (or the channel) answered with, e.g. "INVALID_ARGUMENT". */
        public String code() {
            return code;
        }

        public EngineUnavailable(String code, String description) {
            super(description, null, false, false);
            this.code = code;
        }
    }
}
