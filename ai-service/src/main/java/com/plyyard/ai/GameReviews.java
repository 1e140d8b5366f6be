package com.plyyard.ai;

import com.plyyard.ai.tablebase.Tablebases;
import com.plyyard.engine.GameRecord;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.SeatLeaving;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.review.GameReviewer;
import com.plyyard.engine.review.SearchJudge;
import com.plyyard.engine.review.TableJudge;
import com.plyyard.engine.search.Limits;
import com.plyyard.grpc.Statuses;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.ReviewMessages;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * ReviewGame: a game (a first position and moves, or a record) replayed and checked before anything is searched, then
 * each move weighed on one leased engine ({@link GameReviewer}): by the game's exact table where it is ready (Piracy),
 * else by a search of {@code move_millis} per position ({@link SearchJudge}). One search slot of the pool for the whole
 * review; the review stops when its client leaves or the server closes.
 */
@ApplicationScoped
public class GameReviews {
    private final ProtoMapper mapper = ProtoMapper.standard();

    @Inject
    EnginePool pool;

    @Inject
    Tablebases tablebases;

    @Inject
    MeterRegistry metrics;

    @ConfigProperty(name = "plyyard.ai.max-move-millis", defaultValue = "60000")
    long maxMoveMillis;

    @ConfigProperty(name = "plyyard.ai.review.move-millis", defaultValue = "200")
    long defaultMoveMillis;

    /** Sends the start, each move as it is weighed, and the summary; then returns (the caller completes the stream). */
    public void review(ReviewGameRequest request, BooleanSupplier clientGone, Consumer<ReviewProgress> out) {
        long millis = Integer.toUnsignedLong(request.getMoveMillis());
        if (millis > maxMoveMillis) {
            throw Statuses.invalid("The move time is at most " + maxMoveMillis + " ms on this server, not " + millis + " ms.");
        }
        long moveMillis = millis == 0 ? defaultMoveMillis : millis;
        Game game = game(request);
        // INVALID_ARGUMENT naming the move; a record's seats that left while the game went on leave where they did
        GameReviewer.Replayed replayed = GameReviewer.replay(game.first, game.moves, game.leavings);
        long start = System.nanoTime();
        try (EnginePool.Lease lease = pool.tryAcquire().orElseThrow(() -> Statuses.resourceExhausted("ai-service is already "
            + "running " + pool.maxConcurrent() + " searches, its limit; try the review again in a moment."))) {
            // sent once the review can run: a caller that has the start has a review under way
            out.accept(ReviewProgress.newBuilder().setStart(ReviewMessages.start(mapper, game.first, replayed, moveMillis))
                .build());
            lease.engine().newGame();
            BooleanSupplier stop = () -> clientGone.getAsBoolean() || lease.serverClosing();
            GameReviewer.Judge judge = tablebases.ready(game.first.rules()).<GameReviewer.Judge>map(TableJudge::new)
                .orElseGet(() -> new SearchJudge(lease.engine(), new Limits(0, 0, moveMillis)));
            metrics.counter("plyyard.ai.searches", "method", "ReviewGame").increment();
            GameReviewer.Summary summary = new GameReviewer(judge).review(replayed, ply -> out.accept(ReviewProgress
                .newBuilder().setMove(ReviewMessages.move(mapper, ply, replayed.before().get(ply.ply()))).build()), stop);
            if (clientGone.getAsBoolean()) {
                throw Status.CANCELLED.withDescription("The client cancelled the review.").asRuntimeException();
            }
            if (lease.serverClosing()) {
                throw Status.UNAVAILABLE.withDescription("ai-service is shutting down; ask for the review again in a moment.")
                    .asRuntimeException();
            }
            out.accept(ReviewProgress.newBuilder().setSummary(ReviewMessages.summary(summary, game.first,
                (System.nanoTime() - start) / 1_000_000)).build());
        }
    }

    private record Game(Position first, List<String> moves, List<SeatLeaving> leavings) {
    }

    private Game game(ReviewGameRequest request) {
        boolean record = !request.getRecord().isEmpty();
        if (record && (request.hasFirst() || request.getMovesCount() > 0)) {
            throw Statuses.invalid("Send either a record or a first position with its moves, not both.");
        }
        if (record) {
            if (request.getRecordGame().isEmpty()) {
                throw Statuses.invalid("Say which game's format the record is in: record_game draughts, ploy or piracy.");
            }
            GameRecord read;
            try {
                read = Variants.module(request.getRecordGame()).readRecord(request.getRecord());
            } catch (IllegalMoveException e) { // a record that reads but does not replay is bad input all the same
                throw new InvalidInputException(e.getMessage());
            }
            return new Game(read.first(), read.moves(), read.leavings());
        }
        if (!request.hasFirst()) {
            throw Statuses.invalid("Send the game to review: a first position with its moves, or a record.");
        }
        return new Game(mapper.position(request.getFirst()), request.getMovesList(), List.of());
    }
}
