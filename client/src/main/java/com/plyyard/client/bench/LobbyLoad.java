package com.plyyard.client.bench;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchActionRequest;
import com.plyyard.proto.v1.MatchEvent;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.SeatSpec;
import com.plyyard.proto.v1.SubmitMoveRequest;
import com.plyyard.proto.v1.WatchMatchRequest;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load generator for lobby-service: simulated players register, create and join two-player matches and
 * play them move by move through {@code SubmitMove} (moves chosen with the offline engine, seeded), while an
 * optional spectator per match watches the event stream. It measures SubmitMove latency as the client sees
 * it and, with watchers, the time from sending a move to its event reaching the spectator.
 */
public final class LobbyLoad {
    /** What to run. */
    public record Plan(int games, int concurrency, String variant, int maxPlies, boolean watch, long seed) {
    }

    /** What came out. */
    public record Result(int games, int moves, double seconds, List<Double> submitMillis, List<Double> fanoutMillis,
                         int errors) {
    }

    private final ManagedChannel channel;

    public LobbyLoad(ManagedChannel channel) {
        this.channel = channel;
    }

    static Metadata bearer(String token) {
        Metadata m = new Metadata();
        m.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        return m;
    }

    private MatchServiceGrpc.MatchServiceBlockingStub matches(String token) {
        return MatchServiceGrpc.newBlockingStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(bearer(token)));
    }

    private String register(String name) {
        return LobbyServiceGrpc.newBlockingStub(channel).register(RegisterRequest.newBuilder().setName(name).build()).getToken();
    }

    public Result run(Plan plan) throws Exception {
        String prefix = "load" + Long.toHexString(System.nanoTime() & 0xFFFFFF);
        List<Double> submit = Collections.synchronizedList(new ArrayList<>());
        List<Double> fanout = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        AtomicInteger moves = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(plan.concurrency());
        long start = System.nanoTime();
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < plan.concurrency(); w++) {
            int worker = w;
            futures.add(pool.submit(() -> {
                String a = register(prefix + "a" + worker);
                String b = register(prefix + "b" + worker);
                String spectator = plan.watch() ? register(prefix + "s" + worker) : null;
                Random random = new Random(plan.seed() * 31 + worker);
                while (next.getAndIncrement() < plan.games()) {
                    try {
                        moves.addAndGet(playOne(plan, a, b, prefix + "b" + worker, spectator, random, submit, fanout));
                    } catch (RuntimeException e) {
                        errors.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(plan.games(), moves.get(), seconds, new ArrayList<>(submit), new ArrayList<>(fanout), errors.get());
    }

    /** One match from creation to its end (or resignation after maxPlies); returns the moves played. */
    private int playOne(Plan plan, String a, String b, String bName, String spectator, Random random,
                        List<Double> submit, List<Double> fanout) {
        Match match = matches(a).createMatch(CreateMatchRequest.newBuilder().setVariant(plan.variant())
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(bName)).build());
        match = matches(b).joinMatch(JoinMatchRequest.newBuilder().setMatchId(match.getId()).build());
        Map<Integer, Long> sentAt = new ConcurrentHashMap<>();
        Context.CancellableContext watch = null;
        if (spectator != null) {
            watch = Context.current().withCancellation();
            String id = match.getId();
            watch.run(() -> MatchServiceGrpc.newStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(bearer(spectator)))
                .watchMatch(WatchMatchRequest.newBuilder().setMatchId(id).build(), new StreamObserver<>() {
                    @Override
                    public void onNext(MatchEvent e) {
                        if (e.hasMovePlayed()) {
                            Long sent = sentAt.remove(e.getMovePlayed().getPly());
                            if (sent != null) {
                                fanout.add((System.nanoTime() - sent) / 1e6);
                            }
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                    }

                    @Override
                    public void onCompleted() {
                    }
                }));
        }
        VariantRules rules = Variants.get(plan.variant());
        Map<Integer, String> tokens = new HashMap<>(Map.of(0, a, 1, b));
        int plies = 0;
        try {
            while (match.getStatus() == MatchStatus.MATCH_ACTIVE && plies < plan.maxPlies()) {
                GameState state = match.getState();
                Position position = position(rules, state);
                List<? extends LegalMove> legal = position.legalMoves();
                String move = legal.get(random.nextInt(legal.size())).notation();
                String token = tokens.get(state.getSeats(state.getToMove()).getPlayedBy());
                long t0 = System.nanoTime();
                if (spectator != null) {
                    sentAt.put(match.getMovesCount() + 1, t0);
                }
                match = matches(token).submitMove(SubmitMoveRequest.newBuilder().setMatchId(match.getId()).setMove(move)
                    .setExpectedVersion(match.getVersion()).build());
                submit.add((System.nanoTime() - t0) / 1e6);
                plies++;
            }
            if (match.getStatus() == MatchStatus.MATCH_ACTIVE) {
                matches(a).resign(MatchActionRequest.newBuilder().setMatchId(match.getId())
                    .setExpectedVersion(match.getVersion()).build());
            }
        } finally {
            if (watch != null) {
                Context.CancellableContext w = watch;
                // give the last events a moment to arrive before hanging up
                try {
                    TimeUnit.MILLISECONDS.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                w.cancel(null);
            }
        }
        return plies;
    }

    static Position position(VariantRules rules, GameState state) {
        Map<String, Integer> counters = new HashMap<>();
        for (com.plyyard.proto.v1.DrawCounter c : state.getDrawCountersList()) {
            counters.put(c.getRule(), c.getPlies());
        }
        long[] keys = state.getRepetitionKeysList().stream().mapToLong(Long::longValue).toArray();
        return rules.restore(state.getPosition(), counters, keys, state.getPly());
    }

    /** The p-th percentile (0..100) of values, by nearest rank; NaN when empty. */
    public static double percentile(List<Double> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
