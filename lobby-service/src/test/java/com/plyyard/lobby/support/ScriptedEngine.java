package com.plyyard.lobby.support;

import com.plyyard.engine.GameRecord;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.review.GameReviewer;
import com.plyyard.engine.review.SearchJudge;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import com.plyyard.lobby.ai.AiEngine;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.ReviewMessages;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The AI in the service tests: answers at once, from the rules in-process. It plays the moves a test scripted
 * ({@link #script}) and otherwise a legal move chosen by the request's seed (so the same question gets the same answer, as
 * from ai-service); it weighs a seat's standing by the score a test set for the seat ({@link #score}; 0, an even
 * standing, when none is set). {@link #goDown} plays an outage: every request fails with the given status code until
 * {@link #comeBack}.
 */
@Alternative
@ApplicationScoped
public class ScriptedEngine implements AiEngine {
    /** One question the lobby asked. */
    public record Request(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
    }

    /** One standing the lobby asked to weigh (Evaluate). */
    public record Evaluation(GameState state, int seat, long budgetMillis) {
    }

    @Inject
    InProcessRules rules;

    private final ConcurrentLinkedQueue<String> script = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Evaluation> evaluations = new CopyOnWriteArrayList<>();
    private final java.util.Map<Integer, Integer> scores = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String downWith;
    private volatile long pace;
    private final java.util.concurrent.atomic.AtomicInteger reviews = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public BestMoveResponse bestMove(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
        requests.add(new Request(state, level, clockMillis, incrementMillis, seed));
        String code = downWith;
        if (code != null) {
            throw new EngineUnavailable(code, "test outage");
        }
        List<Move> legal = rules.legalMoves(state).getMovesList();
        String scripted = script.poll();
        Move move = scripted == null ? legal.get((int) Math.floorMod(seed, (long) legal.size()))
            : Move.newBuilder().setNotation(scripted).build();
        return BestMoveResponse.newBuilder().setMove(move).build();
    }

    @Override
    public EvaluateResponse evaluate(GameState state, int seat, long budgetMillis) {
        evaluations.add(new Evaluation(state, seat, budgetMillis));
        String code = downWith;
        if (code != null) {
            throw new EngineUnavailable(code, "test outage");
        }
        return EvaluateResponse.newBuilder().setScore(scores.getOrDefault(seat, 0)).build();
    }

    /** From now on the standing of {@code seat}, from its own view, scores {@code score} (any match). */
    public void score(int seat, int score) {
        scores.put(seat, score);
    }

    /** The standings weighed so far. */
    public List<Evaluation> evaluations() {
        return new ArrayList<>(evaluations);
    }

    /**
     * A review computed here by the engine's reviewer (a 2-ply search per position, so that it is quick and always the
     * same), on its own thread as ai-service would, each move after {@link #pace} ms; the same refusals as ai-service's.
     */
    @Override
    public ReviewStream review(ReviewGameRequest request, long deadlineMillis) {
        reviews.incrementAndGet();
        java.util.concurrent.LinkedBlockingQueue<Object> items = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        Object end = new Object();
        Thread t = new Thread(() -> {
            try {
                String code = downWith;
                if (code != null) {
                    throw new EngineUnavailable(code, "test outage");
                }
                GameRecord record;
                GameReviewer.Replayed game;
                try {
                    record = Variants.module(request.getRecordGame()).readRecord(request.getRecord());
                    game = GameReviewer.replay(record);
                } catch (InvalidInputException | IllegalMoveException e) {
                    throw new EngineUnavailable("INVALID_ARGUMENT", e.getMessage());
                }
                items.add(ReviewProgress.newBuilder().setStart(ReviewMessages.start(ProtoMapper.standard(), record.first(),
                    game, request.getMoveMillis())).build());
                GameReviewer.Summary summary = new GameReviewer(new SearchJudge(new Engine(4), new Limits(2, 0, 0)))
                    .review(game, ply -> {
                        sleep(pace);
                        items.add(ReviewProgress.newBuilder().setMove(ReviewMessages.move(ProtoMapper.standard(), ply,
                            game.before().get(ply.ply()))).build());
                    }, closed::get);
                if (!closed.get()) {
                    items.add(ReviewProgress.newBuilder().setSummary(ReviewMessages.summary(summary, record.first(), 1))
                        .build());
                }
                items.add(end);
            } catch (RuntimeException e) {
                items.add(e instanceof EngineUnavailable ? e : new EngineUnavailable("INTERNAL", e.toString()));
            }
        }, "scripted-review");
        t.setDaemon(true);
        t.start();
        return new ReviewStream() {
            private Object head;

            @Override
            public boolean hasNext() {
                if (head == null) {
                    try {
                        head = items.take();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new EngineUnavailable("CANCELLED", "interrupted");
                    }
                }
                if (head instanceof EngineUnavailable failure) {
                    throw failure;
                }
                return head != end;
            }

            @Override
            public ReviewProgress next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                ReviewProgress p = (ReviewProgress) head;
                head = null;
                return p;
            }

            @Override
            public void close() {
                closed.set(true);
            }
        };
    }

    /** Each reviewed move comes this many ms after the one before (0: at once). */
    public void pace(long millis) {
        pace = millis;
    }

    /** Reviews asked for so far. */
    public int reviews() {
        return reviews.get();
    }

    private static void sleep(long millis) {
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public String address() {
        return "scripted";
    }

    /** The next answers, in order (notation; not checked here: the lobby checks them as it checks any move). */
    public void script(String... moves) {
        script.addAll(List.of(moves));
    }

    public void goDown(String statusCode) {
        downWith = statusCode;
    }

    public void comeBack() {
        downWith = null;
    }

    /** The questions asked so far. */
    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    /** Forgets the script, the questions and any outage: each test starts from a working engine. */
    public void reset() {
        script.clear();
        requests.clear();
        evaluations.clear();
        scores.clear();
        downWith = null;
        pace = 0;
        reviews.set(0);
    }
}
