package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Message;
import com.plyyard.grpc.testing.fuzz.Answers;
import com.plyyard.grpc.testing.fuzz.Property;
import com.plyyard.grpc.testing.fuzz.Tally;
import com.plyyard.lobby.fuzz.LobbyCalls;
import com.plyyard.lobby.fuzz.LobbyCalls.Call;
import com.plyyard.lobby.fuzz.LobbyWorld;
import com.plyyard.lobby.fuzz.StoredRows;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.lobby.support.RulesServiceProcess;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.ClientCalls;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Property: every RPC of LobbyService, MatchService, MatchmakingService, LearnService, AccountService and OperatorService's
 * account calls (WatchMatch and WatchLobby included), called
 * by owners, strangers, spectators, callers without a token, with a malformed header, a forged or a logged-out token,
 * with real, mutated, random and edge ids, names, versions, moves, variants, options and clocks ({@link LobbyCalls}),
 * against the packaged lobby (profile prod) on a real PostgreSQL with the packaged rules-service, answers OK or a refusal
 * the contracts name, with one human sentence — never INTERNAL, UNKNOWN or DATA_LOSS, never a hang — and <b>a refused
 * call changes nothing stored</b>: every table of the lobby's schema is compared row by row ({@link StoredRows}) before
 * and after each refused call. A successful call may change rows; the comparison then starts again from its result.
 *
 * <p>Quiet on purpose, so that only the calls change rows: the lobby runs with its background rounds off (the flag check,
 * the matchmaking sweeper and presence heartbeat, the pairer's periodic waves, the AI fill, the AI turns' scan: all every
 * 10 000 h), its rate limits off (the property calls from one address, thousands a minute; RateLimitIT proves the
 * limits) and no ai-service (AI seats wait, and weigh a draw offer for ever; a failed attempt writes nothing). What still happens after a call is waited
 * for before the next one: the pairing a successful JoinPool starts at once, and the presence a stream releases when the
 * property cancels it (every stream's {@code seats.connections} and {@code lobby_presence.streams} back to 0, then the
 * database quiet). A stream that opened counts as OK (its first message, or no refusal within 700 ms); it changes
 * presence rows, which is expected; a refused stream must change nothing, like any refusal. Left out of the comparison:
 * {@code lobby_presence.last_seen} (a heartbeat time).
 *
 * <p>The harness's {@link Property} runs it: cases from the build's {@code plyyard.fuzz.tries} (10 000; 100 000 with
 * -Pslow); a failure prints the call, its case seed and the run's base seed. The calls depend on what earlier calls
 * stored (the world's players, matches, versions), so a case seed alone ({@code -Dplyyard.fuzz.case-seed=…}) draws
 * against the world as a run starts: the base seed ({@code -Dplyyard.fuzz.seed=…}) is what repeats a failure, up to
 * the services' timing.
 */
class LobbyPropertiesIT {
    private static final Set<Status.Code> REFUSALS = EnumSet.of(Status.Code.INVALID_ARGUMENT, Status.Code.FAILED_PRECONDITION,
        Status.Code.NOT_FOUND, Status.Code.PERMISSION_DENIED, Status.Code.ABORTED, Status.Code.UNAUTHENTICATED,
        Status.Code.RESOURCE_EXHAUSTED, Status.Code.ALREADY_EXISTS);
    /** A review that would start asks ai-service, which this run has not: UNAVAILABLE, with its sentence. */
    private static final Set<Status.Code> REVIEW_REFUSALS = with(REFUSALS, Status.Code.UNAVAILABLE);
    private static final long DEADLINE_MILLIS = 10_000;
    private static final String OPERATOR_KEY = "lobby-properties-operator-key-0123456789";

    private static Set<Status.Code> with(Set<Status.Code> codes, Status.Code more) {
        EnumSet<Status.Code> s = EnumSet.copyOf(codes);
        s.add(more);
        return s;
    }
    private static final Map<String, String> QUIET = Map.of(
        "PLYYARD_LOBBY_PUZZLES_LOAD_AT_START", "true", // loaded at start, as in production: the fixture waits for it
        "PLYYARD_LOBBY_CLOCK_CHECK_EVERY", "10000h",
        "PLYYARD_LOBBY_MATCHMAKING_SWEEP_EVERY", "10000h",
        "PLYYARD_LOBBY_MATCHMAKING_PAIRING_EVERY", "10000h",
        "PLYYARD_LOBBY_MATCHMAKING_AI_FILL_AFTER", "10000h",
        "PLYYARD_LOBBY_AI_SCAN_EVERY", "10000h",
        // an AI seat never gives up weighing a draw offer (ai-service is not there): no decline lands between two calls
        "PLYYARD_LOBBY_AI_DRAW_ANSWER_ATTEMPTS", "2000000000",
        // the calls come from one address at thousands a minute: RateLimitIT and AccountsIT prove the limits
        "PLYYARD_LOBBY_RATE_LIMITS_ENABLED", "false",
        "OPERATOR_KEY", OPERATOR_KEY);

    private static EmbeddedPostgresProcess pg;
    private static RulesServiceProcess rules;
    private static ManagedChannel rulesChannel;
    private static LobbyProcess lobby;
    private static StoredRows rows;
    /** The calls' world (players, matches, seeks, …): always built the same way, from a fixed seed. */
    private static final Random FIXTURE = new Random(19);
    private static final Tally TALLY = new Tally("lobby-service");
    private static LobbyWorld world;
    private static LobbyCalls calls;
    private static StoredRows.Snapshot baseline;
    private static final long[] NANOS = new long[4]; // generating (between cases), calling, comparing rows, settling
    private static long mark = System.nanoTime();

    @BeforeAll
    static void start() {
        rules = RulesServiceProcess.start(Path.of("target", "it-logs"));
        rulesChannel = ManagedChannelBuilder.forAddress("localhost", rules.port()).usePlaintext().build();
        pg = EmbeddedPostgresProcess.start();
        lobby = LobbyProcess.start(Processes.freePort(), pg, rules.port(), Processes.freePort(), QUIET, "lobby-properties");
        rows = new StoredRows(pg.jdbcUrl(), pg.user());
        world = new LobbyWorld(lobby.channel(), rulesChannel, rows);
        world.operatorKey = OPERATOR_KEY;
        world.round(FIXTURE);
        world.round(FIXTURE);
        calls = new LobbyCalls(world);
    }

    @AfterAll
    static void stop() {
        if (lobby != null && lobby.alive()) {
            assertServing();
            System.out.printf("lobby-service: %.0f s generating, %.0f s calling, %.0f s comparing rows (and waiting for "
                + "pairings), %.0f s settling streams; %s%n", NANOS[0] / 1e9, NANOS[1] / 1e9, NANOS[2] / 1e9, NANOS[3] / 1e9,
                rows.cost());
            TALLY.write();
            if (TALLY.cases() >= 1000) {
                assertEquals(56, TALLY.counts().size(), "every RPC was called: " + TALLY.counts().keySet());
            }
        }
        if (rows != null) {
            rows.close();
        }
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

    /** The answer of a call: its status and, when OK, the response (a stream's first message, or null). */
    record Answer(Status status, Message response) {
    }

    @TestFactory
    Stream<DynamicTest> everyRpcAnswersWithinTheContractAndARefusalChangesNothing() {
        return Property.forAll("lobby-service", calls.any())
            .describedBy(Call::describe)
            .tests(LobbyPropertiesIT::answersWithinTheContract);
    }

    private static void answersWithinTheContract(Call call) throws Exception {
        long t0 = System.nanoTime();
        NANOS[0] += t0 - mark;
        if (world.takeDirty() || baseline == null) {
            awaitPairings();
            settle();
            baseline = rows.snapshot();
        }
        long t1 = System.nanoTime();
        Answer answer = call.stream() ? stream(world, call) : unary(world, call);
        Status status = answer.status();
        long t2 = System.nanoTime();
        NANOS[1] += t2 - t1;
        TALLY.collect(call.rpc(), status.getCode().name());
        Answers.check(status, call.rpc().startsWith("Review") ? REVIEW_REFUSALS : REFUSALS);
        if (call.expected() != null) {
            assertTrue(call.expected().contains(status.getCode()), () -> "expected " + call.expected() + ", answered "
                + Answers.describe(status));
        }
        if (call.stream()) {
            settleStreams();
        }
        long t3 = System.nanoTime();
        NANOS[3] += t3 - t2;
        if (status.isOk()) {
            if (call.onOk() != null) {
                call.onOk().accept(world, answer.response());
            }
            awaitPairings(); // a JoinPool pairs at once, but on the pairer's thread
            baseline = rows.since(baseline); // a call that only read leaves the snapshot as it was
        } else {
            StoredRows.Snapshot after = rows.since(baseline);
            String difference = rows.difference(baseline, after);
            assertTrue(difference.isEmpty(), () -> "the refusal (" + Answers.describe(status) + ") changed stored rows:"
                + difference);
            baseline = after;
        }
        NANOS[2] += System.nanoTime() - t3;
        if (TALLY.cases() % 100 == 0 || !status.isOk() && status.getCode() == Status.Code.RESOURCE_EXHAUSTED) {
            assertServing();
        }
        if (TALLY.cases() % 1000 == 0) {
            world.round(FIXTURE); // fresh players and things for the next thousand cases
        }
        mark = System.nanoTime();
    }

    /** A registered player (a name no generator makes) and the channel with its token. */
    private static io.grpc.Channel registered(String prefix) {
        com.plyyard.proto.v1.RegisterResponse r = com.plyyard.proto.v1.LobbyServiceGrpc.newBlockingStub(lobby.channel())
            .register(com.plyyard.proto.v1.RegisterRequest.newBuilder().setName(prefix + "-" + System.nanoTime() % 1_000_000)
                .build());
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + r.getToken());
        return io.grpc.ClientInterceptors.intercept(lobby.channel(), io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(md));
    }

    /** The first message or the status of a stream opened with the request (then cancelled). */
    private static Status streamStatus(io.grpc.Channel channel, MethodDescriptor<?, ?> method, Message request)
        throws Exception {
        Call call = new Call(method.getBareMethodName(), method, request, new LobbyCalls.Caller("test", null, null), true,
            EnumSet.of(Status.Code.INVALID_ARGUMENT), null);
        return streamOn(channel, call).status();
    }

    /**
     * A WatchLobby refused for a version beyond the lobby's used to count the player present first: the refusal left a
     * lobby_presence row behind (found by the property). It is refused before.
     */
    @Test
    void aRefusedWatchLobbyLeavesNoPresenceBehind() throws Exception {
        io.grpc.Channel p = registered("wl");
        long current = Long.parseLong(rows.queryText("SELECT version::text FROM lobby_log WHERE id = 1"));
        long presence = Long.parseLong(rows.queryText("SELECT count(*)::text FROM lobby_presence"));
        // far beyond: the sweeper may add lobby events meanwhile (seeks of the property's calls expiring)
        long beyond = current + 1_000_000_000L;
        Status s = streamStatus(p, com.plyyard.proto.v1.MatchmakingServiceGrpc.getWatchLobbyMethod(),
            com.plyyard.proto.v1.WatchLobbyRequest.newBuilder().setFromVersion(beyond).build());
        assertEquals(Status.Code.INVALID_ARGUMENT, s.getCode(), s::toString);
        assertTrue(s.getDescription().startsWith("Version " + beyond + " is beyond the lobby's current version "),
            s.getDescription());
        settleStreams();
        assertEquals(presence, Long.parseLong(rows.queryText("SELECT count(*)::text FROM lobby_presence")),
            "no presence row for a refused stream");
    }

    /**
     * Versions are uint64: 2^63 and above used to be read as negative numbers, so a WatchLobby or WatchMatch from version
     * 2^63 resumed from "before the first event" instead of being refused, and a stale expected_version of 2^64 - 1 was
     * named -1 (found by the property). They are beyond every version now.
     */
    @Test
    void versionsAtAndAbove2To63AreBeyondNotNegative() throws Exception {
        io.grpc.Channel p = registered("uv");
        Status lobbyStream = streamStatus(p, com.plyyard.proto.v1.MatchmakingServiceGrpc.getWatchLobbyMethod(),
            com.plyyard.proto.v1.WatchLobbyRequest.newBuilder().setFromVersion(Long.MIN_VALUE).build());
        assertEquals(Status.Code.INVALID_ARGUMENT, lobbyStream.getCode(), lobbyStream::toString);
        assertTrue(lobbyStream.getDescription().startsWith("Version 9223372036854775808 is beyond"),
            lobbyStream.getDescription());
        com.plyyard.proto.v1.Match m = com.plyyard.proto.v1.MatchServiceGrpc.newBlockingStub(p).createMatch(
            com.plyyard.proto.v1.CreateMatchRequest.newBuilder().setVariant("draughts:fmjd")
                .addSeats(com.plyyard.proto.v1.SeatSpec.newBuilder().setMe(true))
                .addSeats(com.plyyard.proto.v1.SeatSpec.newBuilder().setOpen(true)).build());
        Status matchStream = streamStatus(p, com.plyyard.proto.v1.MatchServiceGrpc.getWatchMatchMethod(),
            com.plyyard.proto.v1.WatchMatchRequest.newBuilder().setMatchId(m.getId()).setFromVersion(-1).build());
        assertEquals(Status.Code.INVALID_ARGUMENT, matchStream.getCode(), matchStream::toString);
        assertTrue(matchStream.getDescription().startsWith("Version 18446744073709551615 is beyond"),
            matchStream.getDescription());
        StatusRuntimeException stale = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> com.plyyard.proto.v1.MatchServiceGrpc.newBlockingStub(p).abort(com.plyyard.proto.v1.MatchActionRequest
                .newBuilder().setMatchId(m.getId()).setExpectedVersion(-1).build()));
        assertEquals(Status.Code.ABORTED, stale.getStatus().getCode());
        assertTrue(stale.getStatus().getDescription().startsWith("The match has changed since version 18446744073709551615;"),
            stale.getStatus().getDescription());
        settleStreams();
    }

    @SuppressWarnings("unchecked")
    private static Answer unary(LobbyWorld world, Call call) {
        try {
            Message response = ClientCalls.blockingUnaryCall(world.as(call.caller().authorization()),
                (MethodDescriptor<Message, Message>) call.method(),
                CallOptions.DEFAULT.withDeadlineAfter(DEADLINE_MILLIS, TimeUnit.MILLISECONDS), call.request());
            return new Answer(Status.OK, response);
        } catch (StatusRuntimeException e) {
            return new Answer(e.getStatus(), null);
        }
    }

    /**
     * Opens the stream and waits for its first message or its end (a refusal); a stream that neither ends nor sends within
     * 700 ms (4 s when a refusal is expected) is open (a resumed stream with nothing to send yet). Then cancels it.
     */
    private static Answer stream(LobbyWorld world, Call call) throws Exception {
        return streamOn(world.as(call.caller().authorization()), call);
    }

    @SuppressWarnings("unchecked")
    private static Answer streamOn(io.grpc.Channel channel, Call call) throws Exception {
        CompletableFuture<Object> first = new CompletableFuture<>();
        CompletableFuture<Status> closed = new CompletableFuture<>();
        ClientCall<Message, Message> stream = channel.newCall(
            (MethodDescriptor<Message, Message>) call.method(),
            CallOptions.DEFAULT.withDeadlineAfter(DEADLINE_MILLIS, TimeUnit.MILLISECONDS));
        stream.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(Message message) {
                first.complete(message);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                first.complete(status);
                closed.complete(status);
            }
        }, new Metadata());
        stream.sendMessage(call.request());
        stream.halfClose();
        stream.request(1);
        Object got = null;
        boolean refusalExpected = call.expected() != null && !call.expected().contains(Status.Code.OK);
        long until = System.nanoTime() + (refusalExpected ? 4_000 : 700) * 1_000_000L;
        while (System.nanoTime() < until) {
            try {
                got = first.get(10, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                if (!refusalExpected && openInTheDatabase(call)) {
                    break; // open, nothing to send yet: its presence is stored
                }
            }
        }
        stream.cancel("the property closes the stream", null);
        closed.get(5, TimeUnit.SECONDS);
        if (got instanceof Status s) {
            return new Answer(s, null);
        }
        return new Answer(Status.OK, (Message) got);
    }

    /** A stream of a player present in the lobby, or seated in the match it watches, shows in the stored presence. */
    private static boolean openInTheDatabase(Call call) {
        if (call.caller().player() == null) {
            return false;
        }
        String player = call.caller().player().id();
        if (call.request() instanceof com.plyyard.proto.v1.WatchLobbyRequest) {
            return !"0".equals(rows.queryText("SELECT coalesce(sum(streams), 0)::text FROM lobby_presence WHERE player_id = "
                + "?::uuid", player));
        }
        if (!(call.request() instanceof com.plyyard.proto.v1.WatchMatchRequest watch)) {
            return false; // a review stream holds no presence
        }
        String match = watch.getMatchId();
        return LobbyWorld.isUuid(match) && !"0".equals(rows.queryText("SELECT coalesce(sum(connections), 0)::text FROM seats "
            + "WHERE match_id = ?::uuid AND player_id = ?::uuid", match, player));
    }

    /** Every stream's presence given back (seats.connections and lobby_presence.streams at 0), then quiet. */
    private static void settleStreams() {
        long until = System.nanoTime() + 5_000_000_000L;
        while (rows.sum("seats", "connections") > 0 || rows.sum("lobby_presence", "streams") > 0) {
            assertTrue(System.nanoTime() < until, "a cancelled stream did not give its presence back within 5 s");
            Processes.sleep(5);
        }
        settle();
    }

    /** Pools (by key) with enough waiting players for a group that the pairer left waiting (busy players, say). */
    private static final Set<String> STUCK = new java.util.HashSet<>();

    /**
     * Waits (at most 2 s) until no pool holds enough waiting players for a group — the pairing a JoinPool started on the
     * pairer's thread is done — then, when it waited, until the database is quiet. A pool the pairer leaves as it is (its players busy,
     * their ratings too far apart) is remembered with its tickets and not waited for again until they change.
     */
    private static void awaitPairings() {
        long until = System.nanoTime() + 2_000_000_000L;
        boolean waited = false;
        while (true) {
            List<String> pending = new java.util.ArrayList<>(rows.rows("SELECT t.pool_key || ' ' || string_agg(t.id::text, ',' "
                + "ORDER BY t.id) FROM pool_tickets t JOIN pool_ticket_members m ON m.ticket_id = t.id WHERE t.status = "
                + "'TICKET_WAITING' GROUP BY t.pool_key HAVING count(*) >= max(t.seat_count)"));
            pending.removeAll(STUCK);
            if (pending.isEmpty()) {
                if (waited) {
                    settle();
                }
                return;
            }
            waited = true;
            if (System.nanoTime() > until) {
                STUCK.addAll(pending);
                settle();
                return;
            }
            Processes.sleep(20);
        }
    }

    /** Until no writing transaction starts for 40 ms (at most 5 s). */
    private static void settle() {
        long until = System.nanoTime() + 5_000_000_000L;
        String last = rows.transactions();
        int quiet = 0;
        while (quiet < 2 && System.nanoTime() < until) {
            Processes.sleep(20);
            String now = rows.transactions();
            quiet = now.equals(last) ? quiet + 1 : 0;
            last = now;
        }
    }

    private static void assertServing() {
        assertTrue(lobby.alive(), () -> "lobby-service exited; log:\n" + Processes.tail(lobby.log()));
        assertEquals(ServingStatus.SERVING, HealthGrpc.newBlockingStub(lobby.channel()).withDeadlineAfter(5, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance()).getStatus());
    }
}
