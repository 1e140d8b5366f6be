package com.plyyard.client.bench;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LobbyEvent;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchLobbyRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A sustained load on lobby-service: {@code matches} two-player matches kept in play for a fixed time (a match that ends
 * or reaches the ply limit is resigned and replaced at once), each watched by {@code watchersPerMatch} spectators, the
 * clients spread over one or more lobby instances. Measured after a warm-up: SubmitMove latency as the mover sees it, and
 * for every watcher the time from sending a move to its {@code MovePlayed} event arriving (so a move accepted by one
 * instance and watched through another is measured across both). Every watcher also checks its match's events arrive
 * each exactly once and in order: a gap or a repeat counts as an error.
 *
 * <p>Clients of match {@code i} use target {@code i mod n}; its watchers use the next targets in turn, so that with two
 * instances half the watchers sit on the instance that did not accept the move. Latencies go into HdrHistograms
 * (microsecond resolution, three significant digits).
 */
public final class SustainedLoad {
    /** What to run. */
    /**
     * What to run. {@code think}: how long a player waits before each of its moves (zero: it sends the next as soon as
     * the answer to the last arrives, a closed loop at whatever rate the lobby allows), each wait drawn between half and
     * one and a half times it, so that matches do not move in step.
     */
    public record Plan(int matches, int watchersPerMatch, Duration duration, Duration warmup, String variant, int maxPlies,
                       long seed, int lobbyWatchers, Duration think) {
        public Plan(int matches, int watchersPerMatch, Duration duration, Duration warmup, String variant, int maxPlies,
                    long seed, int lobbyWatchers) {
            this(matches, watchersPerMatch, duration, warmup, variant, maxPlies, seed, lobbyWatchers, Duration.ZERO);
        }

        public Plan(int matches, int watchersPerMatch, Duration duration, Duration warmup, String variant, int maxPlies,
                    long seed) {
            this(matches, watchersPerMatch, duration, warmup, variant, maxPlies, seed, 0);
        }
    }

    /**
     * What came out of the measured window (warm-up excluded); watchers: the most open at once; lobbyWatchers: the
     * WatchLobby streams open at the end of the window, lobbyEvents: the events they received in it.
     */
    public record Result(long moves, double seconds, Histogram submitMicros, Histogram eventMicros, int watchers,
                         Map<String, Integer> errors, int lobbyWatchers, long lobbyEvents) {
        public int errorCount() {
            return errors.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** The connections to one lobby instance: movers and watchers are spread over them (HTTP/2 caps streams per one). */
    public record Target(String name, List<ManagedChannel> channels) {
        Channel channel(int i) {
            return channels.get(Math.floorMod(i, channels.size()));
        }
    }

    private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(2);

    private final List<Target> targets;
    private final Recorder submit = new Recorder(HIGHEST_MICROS, 3);
    private final Recorder event = new Recorder(HIGHEST_MICROS, 3);
    private final Map<String, AtomicInteger> errors = new ConcurrentHashMap<>();
    private final AtomicLong moves = new AtomicLong();
    private final AtomicInteger openWatchers = new AtomicInteger();
    /** The most watchers open at once while measuring. */
    private final AtomicInteger peakWatchers = new AtomicInteger();
    private final AtomicInteger openLobbyWatchers = new AtomicInteger();
    private final AtomicLong lobbyEvents = new AtomicLong();
    private volatile boolean measuring;
    private volatile boolean stopping;

    public SustainedLoad(List<Target> targets) {
        this.targets = List.copyOf(targets);
    }

    /** Told when the measured window starts (after the warm-up). */
    private volatile Runnable onMeasuring = () -> { };

    public void onMeasuring(Runnable action) {
        onMeasuring = action;
    }

    /** Told when the measured window ends. */
    private volatile Runnable onMeasured = () -> { };

    public void onMeasured(Runnable action) {
        onMeasured = action;
    }

    public Result run(Plan plan) throws Exception {
        String prefix = "sl" + Long.toHexString(System.nanoTime() & 0xFFFFFF);
        List<Context.CancellableContext> lobbyWatches = watchLobby(plan.lobbyWatchers(), prefix);
        ExecutorService lanes = Executors.newFixedThreadPool(plan.matches());
        CountDownLatch ready = new CountDownLatch(plan.matches());
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < plan.matches(); i++) {
            int lane = i;
            futures.add(lanes.submit(() -> {
                lane(plan, prefix, lane, ready);
                return null;
            }));
        }
        try {
            ready.await(5, TimeUnit.MINUTES); // players registered and the first matches started (or failed)
            TimeUnit.MILLISECONDS.sleep(plan.warmup().toMillis());
            submit.reset();
            event.reset();
            errors.clear();
            moves.set(0);
            lobbyEvents.set(0);
            measuring = true;
            onMeasuring.run();
            peakWatchers.set(openWatchers.get());
            long start = System.nanoTime();
            TimeUnit.MILLISECONDS.sleep(plan.duration().toMillis());
            measuring = false;
            double seconds = (System.nanoTime() - start) / 1e9;
            onMeasured.run();
            Histogram submitted = submit.getIntervalHistogram();
            Histogram events = event.getIntervalHistogram();
            long measuredMoves = moves.get();
            Map<String, Integer> errorCounts = new TreeMap<>();
            errors.forEach((code, n) -> errorCounts.put(code, n.get()));
            int watchers = peakWatchers.get();
            return new Result(measuredMoves, seconds, submitted, events, watchers, errorCounts, openLobbyWatchers.get(),
                lobbyEvents.get());
        } finally {
            stopping = true;
            lobbyWatches.forEach(w -> w.cancel(null));
            lanes.shutdownNow();
            lanes.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** One match after another in this lane until the run stops. */
    private void lane(Plan plan, String prefix, int lane, CountDownLatch ready) {
        boolean counted = false;
        try {
            Target home = targets.get(lane % targets.size());
            String a = register(home.channel(lane), prefix + "a" + lane);
            String b = register(home.channel(lane), prefix + "b" + lane);
            String spectator = plan.watchersPerMatch() > 0 ? register(home.channel(lane), prefix + "s" + lane) : null;
            Random random = new Random(plan.seed() * 31 + lane);
            while (!stopping) {
                try {
                    playOne(plan, lane, home, a, b, prefix + "b" + lane, spectator, random, counted ? null : ready);
                    counted = true;
                } catch (RuntimeException e) {
                    if (stopping) {
                        return;
                    }
                    error(Status.fromThrowable(e).getCode().name());
                    sleepQuietly(100);
                }
            }
        } catch (RuntimeException e) {
            error(Status.fromThrowable(e).getCode().name());
        } finally {
            if (!counted) {
                ready.countDown();
            }
        }
    }

    private void playOne(Plan plan, int lane, Target home, String a, String b, String bName, String spectator,
                         Random random, CountDownLatch ready) {
        Channel channel = home.channel(lane);
        Match match = matches(channel, a).createMatch(CreateMatchRequest.newBuilder().setVariant(plan.variant())
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(bName)).build());
        match = matches(channel, b).joinMatch(JoinMatchRequest.newBuilder().setMatchId(match.getId()).build());
        AtomicLongArray sentAt = new AtomicLongArray(plan.maxPlies() + 2);
        List<Context.CancellableContext> watches = new ArrayList<>();
        CountDownLatch watching = new CountDownLatch(plan.watchersPerMatch());
        for (int k = 0; k < plan.watchersPerMatch(); k++) {
            Target where = targets.get((lane + k + 1) % targets.size());
            watches.add(watch(where.channel(lane * 7 + k), spectator, match, sentAt, watching));
        }
        try {
            watching.await(30, TimeUnit.SECONDS); // every watcher has its first event (the match as it is now)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (ready != null) {
            ready.countDown();
        }
        VariantRules rules = Variants.get(plan.variant());
        Map<Integer, String> tokens = Map.of(0, a, 1, b);
        int plies = 0;
        try {
            long thinkMillis = plan.think().toMillis();
            while (!stopping && match.getStatus() == MatchStatus.MATCH_ACTIVE && plies < plan.maxPlies()) {
                if (thinkMillis > 0) {
                    // its own random source: the moves chosen stay those of the seed, whatever the waits
                    sleepQuietly(thinkMillis / 2 + ThreadLocalRandom.current().nextLong(thinkMillis + 1));
                    if (stopping) {
                        break;
                    }
                }
                GameState state = match.getState();
                List<? extends LegalMove> legal = LobbyLoad.position(rules, state).legalMoves();
                String move = legal.get(random.nextInt(legal.size())).notation();
                String token = tokens.get(state.getSeats(state.getToMove()).getPlayedBy());
                long t0 = System.nanoTime();
                sentAt.set(match.getMovesCount() + 1, t0);
                boolean counts = measuring;
                match = matches(channel, token).submitMove(SubmitMoveRequest.newBuilder().setMatchId(match.getId())
                    .setMove(move).setExpectedVersion(match.getVersion()).build());
                if (counts && measuring) {
                    submit.recordValue(Math.min(HIGHEST_MICROS, (System.nanoTime() - t0) / 1000));
                    moves.incrementAndGet();
                }
                plies++;
            }
            if (!stopping && match.getStatus() == MatchStatus.MATCH_ACTIVE) {
                matches(channel, a).resign(MatchActionRequest.newBuilder().setMatchId(match.getId())
                    .setExpectedVersion(match.getVersion()).build());
            }
        } finally {
            sleepQuietly(20); // the last events on their way to the watchers
            watches.forEach(w -> w.cancel(null));
        }
    }

    /**
     * A watcher: after the snapshot (the match as the stream opens: usually fresh, or with the moves played while many
     * watchers were still opening), each MovePlayed must be the next ply (a gap: LOST_EVENT, a ply again:
     * DUPLICATE_EVENT); its latency is measured from the mover's send.
     */
    private Context.CancellableContext watch(Channel channel, String spectator, Match match, AtomicLongArray sentAt,
                                             CountDownLatch watching) {
        Context.CancellableContext context = Context.current().withCancellation();
        int[] lastPly = {match.getMovesCount()};
        context.run(() -> MatchServiceGrpc.newStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(LobbyLoad.bearer(spectator)))
            .watchMatch(WatchMatchRequest.newBuilder().setMatchId(match.getId()).build(), // a snapshot first
                new CountedStream<MatchEvent>(watching, openWatchers, "watch") {
                    @Override
                    void event(MatchEvent e) {
                        if (e.hasSnapshot()) {
                            // the match as it is when the stream opens: its moves so far are not events to wait for
                            lastPly[0] = Math.max(lastPly[0], e.getSnapshot().getMovesCount());
                            return;
                        }
                        if (!e.hasMovePlayed()) {
                            return;
                        }
                        int ply = e.getMovePlayed().getPly();
                        if (ply <= lastPly[0]) {
                            error("DUPLICATE_EVENT");
                            return;
                        }
                        if (ply > lastPly[0] + 1) {
                            error("LOST_EVENT");
                        }
                        lastPly[0] = ply;
                        long sent = ply < sentAt.length() ? sentAt.get(ply) : 0;
                        if (sent != 0 && measuring) {
                            event.recordValue(Math.min(HIGHEST_MICROS, (System.nanoTime() - sent) / 1000));
                        }
                    }

                    @Override
                    void opened(int open) {
                        if (measuring) {
                            peakWatchers.accumulateAndGet(open, Math::max);
                        }
                    }
                }));
        return context;
    }

    /**
     * {@code n} WatchLobby streams, each of a player of its own, spread over the targets and their connections; open
     * (their first event received) when this returns, or counted as errors.
     */
    private List<Context.CancellableContext> watchLobby(int n, String prefix) throws InterruptedException {
        List<Context.CancellableContext> out = java.util.Collections.synchronizedList(new ArrayList<>());
        if (n == 0) {
            return out;
        }
        CountDownLatch open = new CountDownLatch(n);
        ExecutorService registering = Executors.newFixedThreadPool(8);
        for (int i = 0; i < n; i++) {
            int w = i;
            registering.execute(() -> {
                Target home = targets.get(w % targets.size());
                Channel channel = home.channel(w);
                try {
                    String token = register(channel, prefix + "l" + w);
                    out.add(watchLobbyOnce(channel, token, open));
                } catch (RuntimeException e) {
                    errors.computeIfAbsent("lobby " + Status.fromThrowable(e).getCode().name(), c -> new AtomicInteger())
                        .incrementAndGet();
                    open.countDown();
                }
            });
        }
        registering.shutdown();
        open.await(5, TimeUnit.MINUTES);
        return out;
    }

    private Context.CancellableContext watchLobbyOnce(Channel channel, String token, CountDownLatch open) {
        Context.CancellableContext context = Context.current().withCancellation();
        context.run(() -> MatchmakingServiceGrpc.newStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(LobbyLoad.bearer(token)))
            .watchLobby(WatchLobbyRequest.getDefaultInstance(), new CountedStream<LobbyEvent>(open, openLobbyWatchers,
                "lobby watch") {
                @Override
                void event(LobbyEvent e) {
                    lobbyEvents.incrementAndGet();
                }
            }));
        return context;
    }

    /**
     * A watch stream's observer: counted open (and its latch released) at its first message, counted closed when it
     * ends, its end an error unless the run cancelled it.
     */
    private abstract class CountedStream<T> implements StreamObserver<T> {
        private final CountDownLatch opening;
        private final AtomicInteger openNow;
        private final String what;
        private boolean first = true;

        CountedStream(CountDownLatch opening, AtomicInteger openNow, String what) {
            this.opening = opening;
            this.openNow = openNow;
            this.what = what;
        }

        abstract void event(T e);

        /** The stream's first message arrived; {@code open}: the streams of its kind open now. */
        void opened(int open) {
        }

        @Override
        public final void onNext(T e) {
            if (first) {
                first = false;
                opened(openNow.incrementAndGet());
                opening.countDown();
            }
            event(e);
        }

        @Override
        public final void onError(Throwable t) {
            end();
            Status s = Status.fromThrowable(t);
            if (s.getCode() != Status.Code.CANCELLED && !stopping) {
                error(what + " " + s.getCode().name());
            }
        }

        @Override
        public final void onCompleted() {
            end();
        }

        private void end() {
            if (first) {
                first = false;
                opening.countDown();
            } else {
                openNow.decrementAndGet();
            }
        }
    }

    private void error(String code) {
        if (measuring) {
            errors.computeIfAbsent(code, c -> new AtomicInteger()).incrementAndGet();
        }
    }

    private static MatchServiceGrpc.MatchServiceBlockingStub matches(Channel channel, String token) {
        return MatchServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(LobbyLoad.bearer(token)));
    }

    private static String register(Channel channel, String name) {
        return LobbyServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
            .register(RegisterRequest.newBuilder().setName(name).build()).getToken();
    }

    private static void sleepQuietly(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
