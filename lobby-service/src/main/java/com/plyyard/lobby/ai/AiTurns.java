package com.plyyard.lobby.ai;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.common.ThrottledLog;
import com.plyyard.lobby.match.AiSeats;
import com.plyyard.lobby.match.AiTurnQueries;
import com.plyyard.lobby.match.MatchDraws;
import com.plyyard.lobby.match.MatchMoves;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Seat;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Plays the AI seats. When an AI seat is to move, a small executor (never a gRPC or event-loop thread, never inside a
 * database transaction) reads the turn ({@link AiTurnQueries#aiTurn}), asks ai-service for the move with the seat's
 * level, its clock and increment, and a seed from the match id and ply, and submits the answer with
 * {@link MatchMoves#submitAiMove} — the same transaction, checks, clock and events as a player's move.
 *
 * <p>Draw offers: when a player offers (or agrees to) a draw that AI seats still in the game have not answered, the same
 * attempt of the match answers it first ({@link DrawAnswers}): ai-service weighs the position ({@link AiEngine#evaluate},
 * {@code plyyard.lobby.ai.draw-think} per seat weighed: the AI seats' side in a game of two sides, every player still in
 * a free-for-all), and each AI seat accepts or declines with {@link MatchDraws#answerForAi} — the transaction, checks,
 * events and version of a player's AcceptDraw or DeclineDraw; a decline ends the round (it withdraws every agreement).
 * An AI seat to move answers before it moves (its move would withdraw the offer). While ai-service fails the answer is
 * retried with the backoff below; after {@code plyyard.lobby.ai.draw-answer-attempts} failed attempts the AI declines
 * the offer unweighed, so an offer is never left hanging.
 *
 * <ul>
 *   <li>ai-service unreachable or failing, rules-service down, any error: the match is left as it is and the turn is
 *   tried again after 1 s, 2 s, 4 s, … up to {@code plyyard.lobby.ai.retry-max} (30 s), for as long as the match
 *   waits for that AI seat (each attempt reads the match afresh). The seat's clock runs meanwhile, as anyone's.
 *   <li>Nothing depends on memory: {@code matches.ai_to_move} marks the waiting AI turns; they are looked up at start
 *   (a restarted lobby resumes them) and every {@code plyyard.lobby.ai.scan-every} (5 s) those waiting longer than
 *   {@code plyyard.lobby.ai.scan-grace} (10 s), e.g. after another instance stopped; so are the draw offers AI seats
 *   have not answered (the seats' {@code offers_draw}).
 *   <li>Two instances may think about the same turn; the version check lets only the first submission through, the
 *   other gets ABORTED and is logged at debug.
 * </ul>
 */
@ApplicationScoped
public class AiTurns implements AiSeats {
    private static final Logger LOG = Logger.getLogger(AiTurns.class);

    @Inject
    AiTurnQueries queries;

    @Inject
    MatchMoves moves;

    @Inject
    MatchDraws draws;

    @Inject
    AiEngine engine;

    @Inject
    MeterRegistry metrics;

    @Inject
    AiConfig config;

    /** One match's AI turn on this instance: scheduled (maybe after a backoff) or running. */
    private static final class Turn {
        boolean running;
        boolean again; // woken while running: look again right after
        int failures;
        int drawFailures; // failed weighings of the draw offer standing
    }

    private final Map<UUID, Turn> turns = new HashMap<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final ThrottledLog warnings = new ThrottledLog(LOG);
    private RetryBackoff backoff;
    private ScheduledThreadPoolExecutor executor;
    private volatile boolean stopping;

    void onStart(@Observes StartupEvent event) {
        backoff = new RetryBackoff(config.retryInitial(), config.retryMax());
        AtomicInteger n = new AtomicInteger();
        executor = new ScheduledThreadPoolExecutor(Math.max(1, config.threads()), r -> {
            Thread t = new Thread(r, "lobby-ai-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // retries waiting at shutdown are dropped
        metrics.gauge("plyyard.lobby.ai.turns.pending", pending);
        if (config.enabled()) {
            executor.execute(() -> scan(Duration.ZERO)); // AI turns left waiting by a stop or a crash resume now
        }
    }

    void onStop(@Observes @Priority(5) ShutdownEvent event) {
        stopping = true;
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(3, TimeUnit.SECONDS)) {
                executor.shutdownNow();
                executor.awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean available() {
        return config.enabled();
    }

    @Override
    public String unavailableReason() {
        return "AI seats are switched off on this lobby (plyyard.lobby.ai.enabled=false).";
    }

    @Override
    public void onTurn(UUID matchId) {
        if (config.enabled()) {
            wake(matchId);
        }
    }

    @Override
    public void onDrawOffer(UUID matchId) {
        if (config.enabled()) {
            wake(matchId);
        }
    }

    /** The slow safety net: AI turns waiting longer than the grace, which no attempt of this instance holds. */
    @Scheduled(every = "${plyyard.lobby.ai.scan-every:5s}", delayed = "${plyyard.lobby.ai.scan-every:5s}",
        concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void periodicScan() {
        if (config.enabled() && !stopping) {
            scan(config.scanGrace());
        }
    }

    private void scan(Duration waited) {
        try {
            for (UUID id : queries.waitingLongerThan(waited, 500)) {
                wake(id);
            }
            for (UUID id : queries.awaitingAiDrawAnswers(500)) {
                wake(id);
            }
        } catch (RuntimeException e) {
            warnings.warn("could not look for waiting AI turns (will look again): " + e.getMessage());
        }
    }

    /** Schedules an attempt now unless one is already scheduled or running (then it looks again when done). */
    void wake(UUID matchId) {
        synchronized (turns) {
            Turn t = turns.get(matchId);
            if (t == null) {
                t = new Turn();
                turns.put(matchId, t);
                pending.incrementAndGet();
                schedule(matchId, t, 0);
            } else if (t.running) {
                t.again = true;
            }
            // else: an attempt is already scheduled (perhaps after a backoff); it reads the match afresh
        }
    }

    /** Under the lock of {@link #turns}. */
    private void schedule(UUID matchId, Turn t, long delayMillis) {
        try {
            executor.schedule(() -> attempt(matchId, t), delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException | NullPointerException e) {
            // stopping (or not started): the next start's scan picks the turn up
            turns.remove(matchId);
            pending.decrementAndGet();
        }
    }

    private enum Result { DONE, AGAIN, RETRY }

    private void attempt(UUID matchId, Turn t) {
        synchronized (turns) {
            t.running = true;
            t.again = false;
        }
        Result r;
        try {
            r = stopping ? Result.DONE : once(matchId, t);
        } catch (Throwable e) {
            LOG.errorf(e, "the AI turn of match %s failed unexpectedly (will retry)", matchId);
            r = Result.RETRY;
        }
        synchronized (turns) {
            t.running = false;
            if (r == Result.RETRY && !stopping) {
                t.failures++;
                schedule(matchId, t, backoff.millisAfter(t.failures));
            } else if ((r == Result.AGAIN || t.again) && !stopping) {
                t.failures = 0;
                schedule(matchId, t, 0);
            } else {
                turns.remove(matchId);
                pending.decrementAndGet();
            }
        }
    }

    /** One look at the match: answer a draw offer the AI seats have not answered, else think and move for its AI seat. */
    private Result once(UUID matchId, Turn t) {
        String retryIn = backoff.millisAfter(t.failures + 1) / 1000.0 + " s";
        AiTurnQueries.DrawQuestion question;
        AiTurnQueries.AiTurn turn;
        try {
            question = queries.drawQuestion(matchId);
            turn = question != null ? null : queries.aiTurn(matchId);
        } catch (RuntimeException e) {
            metrics.counter("plyyard.lobby.ai.failures", "reason", "database").increment();
            warnings.warn("could not read match " + matchId + " for its AI turn (" + e.getMessage() + "); retry in " + retryIn);
            return Result.RETRY;
        }
        if (question != null) {
            return answerDraw(question, t, retryIn); // before any move: the move would withdraw the offer
        }
        t.drawFailures = 0;
        if (turn == null) {
            return Result.DONE; // a player is to move, or the match is over
        }
        BestMoveResponse answer;
        try {
            answer = engine.bestMove(turn.state(), turn.level(), turn.clockMillis(), turn.incrementMillis(),
                seed(matchId, turn.plies()));
        } catch (AiEngine.EngineUnavailable e) {
            metrics.counter("plyyard.lobby.ai.failures", "reason", "ai-service " + e.code).increment();
            warnings.warn("ai-service at " + engine.address() + " could not play seat " + turn.seat() + " of match " + matchId
                + " (" + e.code + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); the match waits, retry in "
                + retryIn);
            return Result.RETRY;
        }
        String move = answer.getMove().getNotation();
        try {
            moves.submitAiMove(matchId, turn.seat(), move, turn.version());
            metrics.counter("plyyard.lobby.ai.moves").increment();
            return Result.DONE; // if the next mover is an AI seat too, the commit woke this match again
        } catch (LobbyException e) {
            if (e.kind() == ErrorKind.ABORTED) {
                // another instance submitted this turn first, or a player changed the match meanwhile: harmless
                metrics.counter("plyyard.lobby.ai.superseded").increment();
                LOG.debugf("match %s changed while seat %d thought (%s); looking again", matchId, turn.seat(), e.getMessage());
                return Result.AGAIN;
            }
            metrics.counter("plyyard.lobby.ai.failures", "reason", "submit " + e.kind()).increment();
            warnings.warn("the AI move " + move + " of seat " + turn.seat() + " in match " + matchId + " was not played ("
                + e.kind() + ": " + e.getMessage() + "); looking again in " + retryIn);
            return Result.RETRY;
        }
    }

    /**
     * The AI seats' answers to the draw offer standing: the position weighed once, then each AI seat accepts or declines
     * in seat order (a decline ends it), each through {@link MatchDraws#answerForAi} with the version the one before left.
     * Then the match is looked at again (an AI seat may be to move).
     */
    private Result answerDraw(AiTurnQueries.DrawQuestion q, Turn t, String retryIn) {
        boolean freeForAll = q.state().getSeatsList().stream().map(Seat::getTeam).distinct().count() > 2;
        Map<Integer, Integer> scores = new HashMap<>(); // free-for-all: by seat; two sides: by team
        try {
            if (freeForAll) {
                for (int seat : q.inGame()) {
                    scores.put(seat, weigh(q, seat));
                }
            } else {
                for (AiTurnQueries.AiSeat ai : q.toAnswer()) {
                    int team = q.state().getSeats(ai.seat()).getTeam();
                    if (!scores.containsKey(team)) {
                        scores.put(team, weigh(q, ai.seat()));
                    }
                }
            }
        } catch (AiEngine.EngineUnavailable e) {
            metrics.counter("plyyard.lobby.ai.failures", "reason", "ai-service " + e.code).increment();
            t.drawFailures++;
            if (t.drawFailures < Math.max(1, config.drawAnswerAttempts())) {
                warnings.warn("ai-service at " + engine.address() + " could not weigh the draw offer in match " + q.matchId()
                    + " (" + e.code + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); retry in " + retryIn);
                return Result.RETRY;
            }
            warnings.warn("ai-service at " + engine.address() + " could not weigh the draw offer in match " + q.matchId()
                + " in " + t.drawFailures + " attempts (" + e.code + "); seat " + q.toAnswer().get(0).seat()
                + " declines it");
            t.drawFailures = 0;
            return answer(q.matchId(), q.toAnswer().get(0).seat(), false, q.version(), retryIn);
        }
        t.drawFailures = 0;
        long version = q.version();
        for (AiTurnQueries.AiSeat ai : q.toAnswer()) {
            boolean accept = freeForAll ? DrawAnswers.acceptsInFreeForAll(ai.level(), ai.seat(), scores)
                : DrawAnswers.acceptsInTwoSides(ai.level(), scores.get(q.state().getSeats(ai.seat()).getTeam()));
            Match after;
            try {
                after = draws.answerForAi(q.matchId(), ai.seat(), accept, version);
            } catch (LobbyException e) {
                return superseded(q.matchId(), ai.seat(), e, retryIn);
            }
            metrics.counter("plyyard.lobby.ai.draw.answers", "answer", accept ? "accept" : "decline").increment();
            version = after.getVersion();
            if (!accept || after.getStatus() != MatchStatus.MATCH_ACTIVE) {
                break;
            }
        }
        return Result.AGAIN;
    }

    /** ai-service's score of the position from {@code seat}'s view, within the draw budget. */
    private int weigh(AiTurnQueries.DrawQuestion q, int seat) {
        return engine.evaluate(q.state(), seat, Math.max(1, config.drawThink().toMillis())).getScore();
    }

    /** One AI seat's answer, then a look at the match again. */
    private Result answer(UUID matchId, int seat, boolean accept, long version, String retryIn) {
        try {
            draws.answerForAi(matchId, seat, accept, version);
            metrics.counter("plyyard.lobby.ai.draw.answers", "answer", accept ? "accept" : "decline").increment();
            return Result.AGAIN;
        } catch (LobbyException e) {
            return superseded(matchId, seat, e, retryIn);
        }
    }

    /** An answer the match no longer takes: changed meanwhile (look again), or refused (retry later). */
    private Result superseded(UUID matchId, int seat, LobbyException e, String retryIn) {
        if (e.kind() == ErrorKind.ABORTED) {
            metrics.counter("plyyard.lobby.ai.superseded").increment();
            LOG.debugf("match %s changed while seat %d weighed the draw offer (%s); looking again", matchId, seat,
                e.getMessage());
            return Result.AGAIN;
        }
        metrics.counter("plyyard.lobby.ai.failures", "reason", "draw " + e.kind()).increment();
        warnings.warn("the draw answer of seat " + seat + " in match " + matchId + " was not given (" + e.kind() + ": "
            + e.getMessage() + "); looking again in " + retryIn);
        return Result.RETRY;
    }

    /** The same match and ply give the same seed: a repeated question gets the same answer. */
    static long seed(UUID matchId, int plies) {
        long z = matchId.getMostSignificantBits() ^ Long.rotateLeft(matchId.getLeastSignificantBits(), 29)
            ^ (plies * 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** AI turns scheduled or running on this instance. */
    public int pending() {
        return pending.get();
    }
}
