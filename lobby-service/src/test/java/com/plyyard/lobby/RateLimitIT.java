package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.RetryInfo;
import com.plyyard.lobby.support.Clients;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.CreateSeekRequest;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.SeatSpec;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Per-token rate limits, on the packaged lobby with low limits set by environment variables: an abusive client gets
 * RESOURCE_EXHAUSTED with a retry delay while the other clients go on untouched, and is served again after the delay.
 */
class RateLimitIT {
    private static final int MOVES = 5;
    private static final Duration MOVES_PER = Duration.ofSeconds(10);
    private static final int REGISTRATIONS = 12;
    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static ManagedChannel rulesChannel;
    private static LobbyProcess lobby;
    private static final List<TestPlayer> players = new ArrayList<>();

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        pg = EmbeddedPostgresProcess.start();
        lobby = LobbyProcess.start(Processes.freePort(), pg, rules.port(), Processes.freePort(), Map.of(
            "PLYYARD_LOBBY_RATE_LIMITS_MOVES_CAPACITY", Integer.toString(MOVES),
            "PLYYARD_LOBBY_RATE_LIMITS_MOVES_PER", MOVES_PER.toSeconds() + "s",
            "PLYYARD_LOBBY_RATE_LIMITS_CREATIONS_CAPACITY", "3",
            "PLYYARD_LOBBY_RATE_LIMITS_POOL_JOINS_CAPACITY", "2",
            "PLYYARD_LOBBY_RATE_LIMITS_STREAMS_CAPACITY", "3",
            "PLYYARD_LOBBY_RATE_LIMITS_REGISTRATIONS_CAPACITY", Integer.toString(REGISTRATIONS)), "rate-limits");
        // every player of the class registers now: registrations are counted per address, and this is one address
        for (int i = 0; i < 8; i++) {
            players.add(Clients.register(lobby.channel(), "rl" + i));
        }
    }

    @AfterAll
    static void stop() {
        if (lobby != null) {
            lobby.stop();
        }
        if (rulesChannel != null) {
            rulesChannel.shutdownNow();
        }
        if (rules != null) {
            rules.stop();
        }
        if (pg != null) {
            pg.close();
        }
    }

    private static Match started(TestPlayer w, TestPlayer b) {
        Match m = w.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
            .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(b.name())).build());
        return b.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
    }

    private static String firstMove(Match m) {
        return RulesServiceGrpc.newBlockingStub(rulesChannel)
            .legalMoves(LegalMovesRequest.newBuilder().setState(m.getState()).build()).getMoves(0).getNotation();
    }

    /** The retry delay of a rate-limit refusal, after checking the status, its sentence and its details. */
    static Duration retryDelay(StatusRuntimeException e) {
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.getStatus().toString());
        String sentence = e.getStatus().getDescription();
        assertNotNull(sentence);
        assertTrue(sentence.startsWith("Too many ") && sentence.contains("try again in"), sentence);
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertNotNull(details, "the status carries grpc-status-details-bin");
        Duration delay = null;
        for (Any any : details.getDetailsList()) {
            if (any.is(RetryInfo.class)) {
                try {
                    com.google.protobuf.Duration d = any.unpack(RetryInfo.class).getRetryDelay();
                    delay = Duration.ofSeconds(d.getSeconds(), d.getNanos());
                } catch (InvalidProtocolBufferException bad) {
                    fail(bad);
                }
            }
        }
        assertNotNull(delay, "the details hold a google.rpc.RetryInfo");
        assertTrue(!delay.isNegative() && !delay.isZero(), "a positive delay: " + delay);
        String pushback = e.getTrailers().get(Metadata.Key.of("grpc-retry-pushback-ms", Metadata.ASCII_STRING_MARSHALLER));
        assertEquals(Long.toString(delay.toMillis()), pushback, "grpc-retry-pushback-ms agrees with RetryInfo");
        return delay;
    }

    /**
     * One client floods SubmitMove (its moves are refused for being out of turn, which costs the server as much as a
     * good move) while two others play a whole opening in their own match: the flood is cut to the bucket, the
     * players never see RESOURCE_EXHAUSTED, and the flooder is served again after the delay it was given.
     */
    @Test
    void anAbusiveClientIsSlowedAndTheOthersAreNot() throws Exception {
        TestPlayer abuser = players.get(0);
        Match target = started(players.get(1), abuser); // abuser is black: white to move, every submission is out of turn
        TestPlayer w = players.get(2);
        TestPlayer b = players.get(3);
        Match polite = started(w, b);

        AtomicInteger served = new AtomicInteger();
        List<Duration> delays = new ArrayList<>();
        long floodStart = System.nanoTime();
        CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 60; i++) {
                try {
                    abuser.move(target, "18-23");
                    fail("the abuser is not to move");
                } catch (StatusRuntimeException e) {
                    if (e.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED) {
                        synchronized (delays) {
                            delays.add(retryDelay(e));
                        }
                    } else {
                        served.incrementAndGet();
                    }
                }
            }
        });
        Match m = polite;
        for (int i = 0; i < 8; i++) { // 4 moves each: within each player's 5, but the pair makes 8 moves together
            m = (m.getState().getToMove() == 0 ? w : b).move(m, firstMove(m));
        }
        flood.get();
        long floodMillis = (System.nanoTime() - floodStart) / 1_000_000;
        long refilled = floodMillis * MOVES / MOVES_PER.toMillis(); // one call every per/capacity, evenly
        assertEquals(8, m.getMovesCount(), "the polite players' moves all went through");
        assertTrue(served.get() >= MOVES && served.get() <= MOVES + refilled + 1, "the flooder is served its bucket ("
            + MOVES + ") and what refilled during the " + floodMillis + " ms flood (" + refilled + "), not " + served.get());
        assertEquals(60 - served.get(), delays.size());
        for (Duration d : delays) {
            assertTrue(d.compareTo(MOVES_PER.dividedBy(MOVES)) <= 0, "at most the time one call takes to refill: " + d);
        }
        Duration last;
        synchronized (delays) {
            last = delays.get(delays.size() - 1);
        }
        Processes.sleep(last.toMillis() + 50);
        StatusRuntimeException again = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> abuser.move(target, "18-23"));
        assertEquals(Status.Code.FAILED_PRECONDITION, again.getStatus().getCode(),
            "after the delay the flooder is served again (and told it is not its turn): " + again.getStatus());
        assertEquals(0, players.get(1).get(target.getId()).getMovesCount(), "no refused move changed the match");
    }

    @Test
    void creationsPoolJoinsAndStreamsHaveTheirOwnBuckets() {
        TestPlayer p = players.get(4);
        TestPlayer other = players.get(5);
        List<Match> made = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            made.add(p.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(SeatSpec.newBuilder().setMe(true)).addSeats(SeatSpec.newBuilder().setInvite(other.name())).build()));
        }
        // the third creation (a seek shares the bucket; whether it is accepted does not matter, it is counted)
        assertFalse(refusedForRate(() -> p.mm().createSeek(CreateSeekRequest.newBuilder()
            .setGame(GameSpec.newBuilder().setVariant("draughts:fmjd")).build())));
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> p.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").build()));
        Duration d = retryDelay(e);
        assertTrue(e.getStatus().getDescription().contains("creations"), e.getStatus().getDescription());
        assertTrue(d.compareTo(Duration.ofMinutes(1)) <= 0, d.toString());
        // another token is not affected
        other.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").build());

        JoinPoolRequest join = JoinPoolRequest.newBuilder().setGame(GameSpec.newBuilder().setVariant("piracy")).build();
        for (int i = 0; i < 2; i++) { // the second may be refused (already queued): it is counted all the same
            assertFalse(refusedForRate(() -> other.mm().joinPool(join)));
        }
        retryDelay(org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class, () -> other.mm().joinPool(join)));

        String id = made.get(0).getId();
        List<EventStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                EventStream s = p.watch(id, 0);
                s.next(Duration.ofSeconds(10));
                open.add(s);
            }
            try (EventStream fourth = p.watch(id, 0)) {
                Throwable end = fourth.awaitEnd(Duration.ofSeconds(10));
                assertTrue(end instanceof StatusRuntimeException, String.valueOf(end));
                retryDelay((StatusRuntimeException) end);
            }
            try (EventStream others = other.watch(id, 0)) {
                assertNotNull(others.next(Duration.ofSeconds(10)), "another token's stream opens");
            }
        } finally {
            open.forEach(EventStream::close);
        }
    }

    /** True when the call was refused for its rate; any other outcome (an answer, another refusal) is false. */
    private static boolean refusedForRate(Runnable call) {
        try {
            call.run();
            return false;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED;
        }
    }

    @Test
    void registrationsAreCountedPerAddress() {
        var stub = LobbyServiceGrpc.newBlockingStub(lobby.channel());
        for (int i = 0; i <= REGISTRATIONS; i++) {
            try {
                stub.register(RegisterRequest.newBuilder().setName("rl-reg-" + UUID.randomUUID().toString().substring(0, 8)).build());
            } catch (StatusRuntimeException e) {
                retryDelay(e);
                assertTrue(e.getStatus().getDescription().contains("from this address"), e.getStatus().getDescription());
                return;
            }
        }
        assertFalse(true, "more than " + REGISTRATIONS + " registrations from one address within a minute were accepted");
    }
}
