package com.plyyard.ai;

import com.plyyard.ai.hub.ExternalHubEngine;
import com.plyyard.ai.tablebase.Tablebases;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import com.plyyard.engine.search.SearchInfo;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.grpc.Statuses;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EvaluateRequest;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.GameStatus;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * What BestMove and Analyze do: the state becomes an engine position through the shared mapping, the limits an
 * {@link Engine.Request}, and the search runs on a leased engine ({@link EnginePool}) until its limits, the
 * server maximum, the client's cancellation or deadline, or the server's shutdown. In a game with perfect play
 * (Piracy), MAX-level BestMove and every Analyze are read from the table of the match's rules once it is ready
 * ({@link Tablebases}). FMJD BestMove requests may go to an external Hub engine instead ({@link ExternalHubEngine}, when
 * configured); ours answers whenever it cannot.
 * Methods throw engine exceptions or gRPC statuses ({@link AiErrors} turns them into statuses). Blocking: call them on
 * worker threads.
 */
@ApplicationScoped
public class EngineLogic {
    private static final Logger LOG = Logger.getLogger(EngineLogic.class);

    /** {@link BestMoveResponse#getEngine()} when our engine chose the move. */
    static final String OUR_ENGINE = "plyyard";

    private final ProtoMapper mapper = ProtoMapper.standard();

    @Inject
    EnginePool pool;

    @Inject
    MeterRegistry metrics;

    @Inject
    ExternalHubEngine externalHub;

    @Inject
    Tablebases tablebases;

    @ConfigProperty(name = "plyyard.ai.max-move-millis", defaultValue = "60000")
    long maxMoveMillis;

    /** A request checked and translated for the engine. */
    record Prepared(Position position, Engine.Request request) {
    }

    /**
     * @param clientGone true once the caller cancelled or its deadline passed; the search then stops
     */
    public BestMoveResponse bestMove(BestMoveRequest request, BooleanSupplier clientGone) {
        Prepared p = prepare(request);
        if (p.request().level() == Level.MAX) {
            Optional<PerfectPlay.Choice> exact = tablebases.choose(p.position());
            if (exact.isPresent()) {
                PerfectPlay.Choice c = exact.get();
                metrics.counter("plyyard.ai.searches", "method", "BestMove").increment();
                return response(p, c.move(), c.score(), c.pv().size(), 0, 0, c.pv(), Tablebases.ENGINE);
            }
        }
        try (EnginePool.Lease lease = lease()) {
            if (externalHub.wants(p.position(), p.request())) {
                Optional<ExternalHubEngine.Answer> answer = externalHub.bestMove(p.position(), p.request(),
                    () -> clientGone.getAsBoolean() || lease.serverClosing());
                if (answer.isPresent()) {
                    metrics.counter("plyyard.ai.searches", "method", "BestMove").increment();
                    checkStillWanted("BestMove", lease, clientGone);
                    ExternalHubEngine.Answer a = answer.get();
                    return response(p, a.move(), a.score(), a.depth(), a.nodes(), a.millis(), a.pv(), a.engine());
                }
            }
            Engine.Result result = search("BestMove", lease, p, clientGone, null);
            LegalMove move = result.move();
            if (move == null || !p.position().legalMoves().contains(move)) {
                // the contract: never an illegal move, whatever the search did
                LOG.errorf("BestMove: the engine chose %s, which is not a legal move of %s %s", move == null ? "no move"
                    : move.notation(), p.position().rules().id(), p.position().notation());
                throw Status.INTERNAL.withDescription("The engine chose a move that is not legal in this position; the error "
                    + "has been logged.").asRuntimeException();
            }
            return response(p, move, result.score(), result.depth(), result.nodes(), result.millis(), result.pv(),
                OUR_ENGINE);
        }
    }

    /**
     * Evaluate: how one seat stands, by our engine's search on a leased engine ({@link Engine#evaluate}), whatever the
     * level (never the external Hub engine: it scores for the mover only; never a table's choice: the search is what
     * weighs a standing for every game alike).
     *
     * @param clientGone true once the caller cancelled or its deadline passed; the search then stops
     */
    public EvaluateResponse evaluate(EvaluateRequest request, BooleanSupplier clientGone) {
        Prepared p = prepare(BestMoveRequest.newBuilder().setState(request.getState()).setLimits(request.getLimits())
            .build(), request.hasState(), "there is no standing left to weigh");
        long seat = Integer.toUnsignedLong(request.getSeat());
        int seats = p.position().seats().size();
        if (seat >= seats) {
            throw Statuses.invalid("Seat " + seat + " does not exist; " + p.position().rules().id() + " has seats 0 to "
                + (seats - 1) + ".");
        }
        try (EnginePool.Lease lease = lease()) {
            Engine engine = lease.engine();
            engine.newGame(); // every request starts from empty tables: the same request, the same answer
            BooleanSupplier stop = () -> clientGone.getAsBoolean() || lease.serverClosing();
            metrics.counter("plyyard.ai.searches", "method", "Evaluate").increment();
            Engine.Result result = engine.evaluate(p.position(), (int) seat, p.request(), stop);
            checkStillWanted("Evaluate", lease, clientGone);
            metrics.counter("plyyard.ai.nodes", "method", "Evaluate").increment(result.nodes());
            return EvaluateResponse.newBuilder()
                .setScore(result.score())
                .setDepth(result.depth())
                .setNodes(result.nodes())
                .setMillis(result.millis())
                .addAllPv(result.pv())
                .build();
        }
    }

    /**
     * Sends one line per completed iteration, in order, then returns (the caller completes the stream).
     *
     * @param out told each line on the searching thread; it may throw when the client has gone
     */
    public void analyze(BestMoveRequest request, BooleanSupplier clientGone, Consumer<AnalysisLine> out) {
        Prepared p = prepare(request);
        // the exact value, when the game has perfect play and the table is ready: one line, nothing left to search
        Optional<PerfectPlay.Choice> exact = tablebases.choose(p.position());
        if (exact.isPresent()) {
            PerfectPlay.Choice c = exact.get();
            metrics.counter("plyyard.ai.searches", "method", "Analyze").increment();
            out.accept(AnalysisLine.newBuilder().setDepth(c.pv().size()).setScore(c.score()).addAllPv(c.pv()).build());
            return;
        }
        try (EnginePool.Lease lease = lease()) {
            search("Analyze", lease, p, clientGone, info -> out.accept(AnalysisLine.newBuilder()
                .setDepth(info.depth())
                .setScore(info.score())
                .addAllPv(info.pv())
                .setNodes(info.nodes())
                .setMillis(info.millis())
                .build()));
        }
    }

    private BestMoveResponse response(Prepared p, LegalMove move, int score, int depth, long nodes, long millis,
                                      List<String> pv, String engine) {
        return BestMoveResponse.newBuilder()
            .setMove(mapper.move(move, p.position().rules()))
            .setScore(score)
            .setDepth(depth)
            .setNodes(nodes)
            .setMillis(millis)
            .addAllPv(pv)
            .setEngine(engine)
            .build();
    }

    private EnginePool.Lease lease() {
        return pool.tryAcquire().orElseThrow(() -> Statuses.resourceExhausted(
            "ai-service is already running " + pool.maxConcurrent() + " searches, its limit; try again in a moment."));
    }

    private Engine.Result search(String method, EnginePool.Lease lease, Prepared p, BooleanSupplier clientGone,
                                 Consumer<SearchInfo> onIteration) {
        Engine engine = lease.engine();
        engine.newGame(); // every request starts from empty tables: the same request, the same answer
        BooleanSupplier stop = () -> clientGone.getAsBoolean() || lease.serverClosing();
        metrics.counter("plyyard.ai.searches", "method", method).increment();
        Engine.Result result = engine.bestMove(p.position(), p.request(), stop, onIteration);
        checkStillWanted(method, lease, clientGone);
        metrics.counter("plyyard.ai.nodes", "method", method).increment(result.nodes());
        return result;
    }

    /** A search that ended because its client left or the server is closing is not answered. */
    private void checkStillWanted(String method, EnginePool.Lease lease, BooleanSupplier clientGone) {
        if (clientGone.getAsBoolean()) {
            metrics.counter("plyyard.ai.searches.cancelled", "method", method).increment();
            throw Status.CANCELLED.withDescription("The client cancelled the search.").asRuntimeException();
        }
        if (lease.serverClosing()) {
            throw Status.UNAVAILABLE.withDescription("ai-service is shutting down; ask again in a moment.")
                .asRuntimeException();
        }
    }

    Prepared prepare(BestMoveRequest request) {
        return prepare(request, request.hasState(), "the engine has no move to make");
    }

    /** @param overWords what a finished game's refusal says after "The game is over (…); " */
    private Prepared prepare(BestMoveRequest request, boolean hasState, String overWords) {
        if (!hasState) {
            throw Statuses.invalid("The request has no game state; send the state rules-service or lobby-service returned.");
        }
        Engine.Request engineRequest = engineRequest(request.getLimits());
        GameState state = request.getState();
        Position position = mapper.position(state); // INVALID_ARGUMENT with the engine's sentence
        if (state.getStatus() == GameStatus.FINISHED || position.isOver() || position.legalMoves().isEmpty()) {
            String description = state.hasOutcome() && !state.getOutcome().getDescription().isBlank()
                ? state.getOutcome().getDescription()
                : position.outcome().map(o -> o.description()).orElse("");
            String why = description.isBlank() ? "" : " (" + stripDot(description) + ")";
            throw Statuses.failedPrecondition("The game is over" + why + "; " + overWords + ".");
        }
        return new Prepared(position, engineRequest);
    }

    /**
     * A level (with the player's clock, increment and seed), or explicit limits. Explicit limits are checked
     * against the server's maximum, and a search without a time limit gets the maximum as its time limit.
     */
    Engine.Request engineRequest(SearchLimits limits) {
        Level level = switch (limits.getLevel()) {
            case LEVEL_UNSPECIFIED -> null;
            case BEGINNER -> Level.BEGINNER;
            case CASUAL -> Level.CASUAL;
            case CLUB -> Level.CLUB;
            case EXPERT -> Level.EXPERT;
            case MAX -> Level.MAX;
            case UNRECOGNIZED -> throw Statuses.invalid("Unknown level " + limits.getLevelValue()
                + "; the levels are 1 (beginner) to 5 (max).");
        };
        if (level != null) {
            long clock = limits.hasClockMillis() ? unsigned(limits.getClockMillis()) : -1;
            return new Engine.Request(null, level, clock, unsigned(limits.getIncrementMillis()), limits.getSeed());
        }
        long depth = Integer.toUnsignedLong(limits.getDepth());
        long nodes = limits.getNodes() < 0 ? Long.MAX_VALUE : limits.getNodes();
        long millis = Integer.toUnsignedLong(limits.getMoveTimeMillis());
        if (depth == 0 && nodes == 0 && millis == 0) {
            throw Statuses.invalid("Give a depth, a node count, a move time or a level.");
        }
        if (depth > Limits.MAX_DEPTH) {
            throw Statuses.invalid("The depth is at most " + Limits.MAX_DEPTH + " plies, not " + depth + ".");
        }
        if (millis > maxMoveMillis) {
            throw Statuses.invalid("The move time is at most " + maxMoveMillis + " ms on this server, not " + millis + " ms.");
        }
        return Engine.Request.of(new Limits((int) depth, nodes, millis == 0 ? maxMoveMillis : millis));
    }

    /** A uint64 in milliseconds, capped far beyond any real clock (and away from overflow in the engine's sums). */
    private static long unsigned(long value) {
        long cap = 1L << 40; // about 35 years
        return value < 0 || value > cap ? cap : value;
    }

    private static String stripDot(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }
}
