package com.plyyard.lobby.review;

import com.plyyard.lobby.ai.AiEngine;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.UnitOfWork;
import com.plyyard.lobby.match.MatchQueries;
import com.plyyard.lobby.match.MatchRecords;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewRecordRequest;
import com.plyyard.proto.v1.ReviewStart;
import com.plyyard.proto.v1.ReviewedMove;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Game reviews (learn.proto's ReviewMatch and ReviewRecord; docs/learn.md, "Game review"). A review is computed once, by
 * ai-service, and stored move by move as it comes ({@link ReviewStore}); every caller follows the stored rows, so that a
 * second caller, or one on another instance, sees the same progress, and a finished review is streamed at once.
 * <p>
 * A review starts when the first caller asks: the game goes to ai-service as its record (the match's, written by
 * rules-service, or the one the caller sent) and nothing is stored until ai-service has read it and sent its start, so
 * a game it refuses leaves no row. The run then goes on, on this instance's review threads, whether or not the caller
 * stays; its lease, renewed with every move, lets the next caller start it again if this instance stops.
 */
@ApplicationScoped
public class GameReviews {
    private static final Logger LOG = Logger.getLogger(GameReviews.class);
    private static final Set<String> GAMES = Set.of("draughts", "ploy", "piracy");

    @Inject
    AiEngine ai;

    @Inject
    MatchQueries matches;

    @Inject
    MatchRecords records;

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    ReviewStore store;

    @Inject
    LobbyClock clock;

    /** ai-service's search time per position (ms). */
    @ConfigProperty(name = "plyyard.lobby.review.move-millis", defaultValue = "200")
    long moveMillis;

    /** Reviews this instance runs at once; one more is refused with RESOURCE_EXHAUSTED. */
    @ConfigProperty(name = "plyyard.lobby.review.max-running", defaultValue = "2")
    int maxRunning;

    /** How often a caller's stream looks for new rows (ms). */
    @ConfigProperty(name = "plyyard.lobby.review.poll-millis", defaultValue = "150")
    long pollMillis;

    private Semaphore running;
    private final ExecutorService runners = Executors.newCachedThreadPool(daemon("plyyard-review"));
    private final ScheduledExecutorService followers = Executors.newScheduledThreadPool(2, daemon("plyyard-review-follow"));

    /** Where a caller's review goes: the gRPC stream, in production. Called from one thread at a time. */
    public interface Sink {
        /** True once the caller has gone: following stops. */
        boolean gone();

        void send(ReviewProgress progress);

        void complete();

        void fail(Throwable error);
    }

    /** What is reviewed: the stored review's id, the match (or null) and the record's game and text. */
    private record Target(String id, UUID matchId, String game, Supplier<String> record) {
    }

    @PostConstruct
    void init() {
        running = new Semaphore(Math.max(1, maxRunning));
    }

    void onShutdown(@Observes ShutdownEvent event) {
        followers.shutdownNow();
        runners.shutdownNow();
    }

    /** ReviewMatch: a finished match's review, from the store or started now. Blocking (the setup); then streams. */
    public void reviewMatch(String matchIdText, Sink sink) {
        Match m = matches.get(matchIdText); // INVALID_ARGUMENT, NOT_FOUND
        if (m.getStatus() != MatchStatus.MATCH_FINISHED) {
            throw LobbyException.failedPrecondition(m.getStatus() == MatchStatus.MATCH_ABORTED
                ? "This match was aborted before its first move: there is nothing to review."
                : "This match is still being played; its review comes after its end.");
        }
        if (m.getMovesCount() == 0) {
            throw LobbyException.failedPrecondition("This match ended before its first move: there is nothing to review.");
        }
        String game = m.getVariant().getGame().name().toLowerCase(Locale.ROOT);
        open(new Target(m.getId(), UUID.fromString(m.getId()), game, () -> records.record(m.getId()).getText()), sink);
    }

    /** ReviewRecord: a record's review, stored by the digest of its game and text. Blocking (the setup); then streams. */
    public void reviewRecord(ReviewRecordRequest request, Sink sink) {
        String game = request.getGame().strip();
        if (!GAMES.contains(game)) {
            throw LobbyException.invalid("Say which game the record is of: draughts, ploy or piracy"
                + (game.isEmpty() ? "" : ", not '" + game + "'") + ".");
        }
        if (request.getRecord().isBlank()) {
            throw LobbyException.invalid("No record to review: send the record's text.");
        }
        String record = request.getRecord();
        open(new Target("record-" + digest(game + "\n" + record), null, game, () -> record), sink);
    }

    private void open(Target target, Sink sink) {
        Optional<ReviewStore.Progress> stored = unitOfWork.call(() -> store.follow(target.id, 0));
        Follower follower = new Follower(target, sink);
        if (stored.isPresent() && stored.get().row().done()) {
            follower.deliver(stored.get()); // a finished review: all of it from the one read, nothing to follow
            return;
        }
        if (stored.isEmpty() || stored.get().row().startAgain(clock.now())) {
            start(target);
        }
        follower.future = followers.scheduleWithFixedDelay(follower::poll, 0, pollMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Asks ai-service for the review and stores its start once ai-service has read the game; the rest runs on a review
     * thread. Returns at once when another call claimed the review first (the caller follows that one).
     */
    private void start(Target target) {
        if (!running.tryAcquire()) {
            throw LobbyException.exhausted("This lobby instance is running " + maxRunning + " reviews, its limit; ask again "
                + "in a moment.");
        }
        AiEngine.ReviewStream stream = null;
        boolean handed = false;
        try {
            stream = ai.review(ReviewGameRequest.newBuilder().setRecord(target.record.get()).setRecordGame(target.game)
                .setMoveMillis((int) moveMillis).build(), deadlineMillis());
            ReviewProgress first = next(stream);
            if (first == null || !first.hasStart()) {
                throw LobbyException.unavailable("ai-service ended the review before it began; ask again in a moment.");
            }
            ReviewStart start = first.getStart().toBuilder().setReviewId(target.id)
                .setMatchId(target.matchId == null ? "" : target.matchId.toString()).build();
            Instant now = clock.now();
            if (!unitOfWork.call(() -> store.claim(target.id, target.matchId, target.game, start, now, leaseFrom(now)))) {
                return; // another call started it first: follow that one
            }
            AiEngine.ReviewStream claimed = stream;
            runners.execute(() -> run(target.id, claimed));
            handed = true;
        } finally {
            if (!handed) {
                if (stream != null) {
                    stream.close();
                }
                running.release();
            }
        }
    }

    /** The rest of a review, stored as it comes; a failure is stored too (the next caller starts it again). */
    private void run(String id, AiEngine.ReviewStream stream) {
        try {
            boolean summarised = false;
            ReviewProgress p;
            while ((p = next(stream)) != null) {
                Instant now = clock.now();
                if (p.hasMove()) {
                    ReviewedMove move = p.getMove();
                    unitOfWork.run(() -> store.addMove(id, move, leaseFrom(now)));
                } else if (p.hasSummary()) {
                    var summary = p.getSummary();
                    unitOfWork.run(() -> store.finish(id, summary, now));
                    summarised = true;
                }
            }
            if (!summarised) {
                throw LobbyException.unavailable("ai-service ended the review before its summary.");
            }
        } catch (RuntimeException e) {
            String why = e instanceof LobbyException ? e.getMessage() : "the lobby failed unexpectedly (logged)";
            if (!(e instanceof LobbyException)) {
                LOG.errorf(e, "review %s failed", id);
            }
            try {
                unitOfWork.run(() -> store.fail(id, why, clock.now()));
            } catch (RuntimeException again) {
                LOG.warnf("review %s failed (%s) and could not be marked so: %s; its lease runs out instead", id, why,
                    again.getMessage());
            }
        } finally {
            stream.close();
            running.release();
        }
    }

    /** The next item, or null at the end; ai-service's refusals as the lobby's. */
    private static ReviewProgress next(AiEngine.ReviewStream stream) {
        try {
            return stream.hasNext() ? stream.next() : null;
        } catch (AiEngine.EngineUnavailable e) {
            String said = e.getMessage() == null ? "" : e.getMessage();
            throw switch (e.code()) {
                case "INVALID_ARGUMENT" -> LobbyException.invalid("The game cannot be reviewed: " + said);
                case "RESOURCE_EXHAUSTED" -> LobbyException.exhausted(said);
                default -> LobbyException.unavailable("ai-service could not review the game (" + e.code() + ": " + said
                    + "); ask again in a moment.");
            };
        }
    }

    /** How long a review may run: three times its search time for a thousand positions, and a minute more. */
    private long deadlineMillis() {
        return 3 * moveMillis * 1024 + 60_000;
    }

    /** The lease a running review holds from {@code now}: longer than any one move's search. */
    private Instant leaseFrom(Instant now) {
        return now.plus(Duration.ofMillis(Math.max(30_000, 20 * moveMillis)));
    }

    /** One caller's stream: sends the stored rows as they appear, and the end. */
    private final class Follower {
        private final Target target;
        private final Sink sink;
        private volatile ScheduledFuture<?> future;
        private boolean started;
        private int next;
        private boolean over;

        Follower(Target target, Sink sink) {
            this.target = target;
            this.sink = sink;
        }

        void poll() {
            if (over) {
                end(); // ended before its schedule was known: cancel it now
                return;
            }
            try {
                if (sink.gone()) {
                    end();
                    return;
                }
                deliver(unitOfWork.call(() -> store.follow(target.id, next)).orElseThrow(() ->
                    LobbyException.notFound("The review is gone (its match was deleted).")));
            } catch (Throwable t) {
                sink.fail(t);
                end();
            }
        }

        /** Sends what the caller has not seen yet, and ends the stream when the review is done or failed. */
        void deliver(ReviewStore.Progress progress) {
            ReviewStore.Row row = progress.row();
            if (!started) {
                sink.send(ReviewProgress.newBuilder().setStart(row.start()).build());
                started = true;
            }
            for (ReviewedMove m : progress.moves()) {
                sink.send(ReviewProgress.newBuilder().setMove(m).build());
                next = m.getPly() + 1;
            }
            if (row.done()) {
                sink.send(ReviewProgress.newBuilder().setSummary(row.summary()).build());
                sink.complete();
                end();
            } else if (row.failed()) {
                sink.fail(LobbyException.unavailable("The review could not be finished: " + row.error()
                    + " Ask for it again."));
                end();
            } else if (row.startAgain(clock.now())) {
                // the new run stores the same moves again; this caller goes on from the next one it has not seen
                LOG.infof("review %s: its instance stopped renewing it; starting it again here", target.id);
                start(target);
            }
        }

        private void end() {
            over = true;
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
        }
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
