package com.plyyard.ai;

import static com.plyyard.grpc.testing.fuzz.Gen.weight;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import com.plyyard.grpc.testing.ServiceProcess;
import com.plyyard.grpc.testing.fuzz.Answers;
import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.grpc.testing.fuzz.Messages;
import com.plyyard.grpc.testing.fuzz.Numbers;
import com.plyyard.grpc.testing.fuzz.Property;
import com.plyyard.grpc.testing.fuzz.Tally;
import com.plyyard.grpc.testing.fuzz.Texts;
import com.plyyard.grpc.testing.fuzz.Wire;
import com.plyyard.mapping.testing.GameFuzz;
import com.plyyard.mapping.testing.GameSamples;
import com.plyyard.mapping.testing.GameSamples.Sample;
import com.plyyard.mapping.testing.LocalOracle;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.EvaluateRequest;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.ReviewedMove;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.ClientCalls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Property: BestMove, Analyze and Evaluate (with any seat), called with random, mutated, wrong-game and edge states and
 * limits, against the packaged ai-service, answer OK or a refusal the contract names (INVALID_ARGUMENT, FAILED_PRECONDITION,
 * RESOURCE_EXHAUSTED) with one human sentence — never INTERNAL, UNKNOWN or DATA_LOSS, never a hang — and the server keeps
 * serving. A move BestMove answers is legal in the state sent; Analyze's lines come in order of depth.
 *
 * <p>Searches stay short: the limits are mostly tiny (depth 1–2, a few thousand nodes, a few milliseconds, a level with
 * a small clock) or invalid. Limits that could search long (a level without a clock: up to 5 s; only a depth or node
 * count, a negative node count or a long move time: up to the server's 60 s) are only sent with a short client deadline
 * (10–50 ms) or, for Analyze, cancelled after the first line: for those <em>cut</em> cases alone DEADLINE_EXCEEDED and
 * CANCELLED are expected answers, and after each one a quick search must succeed within 3 s (the cut search stopped;
 * RESOURCE_EXHAUSTED meanwhile is retried). Valid states come from the engine through the services' own mapping
 * ({@link LocalOracle}). Requests mutated as bytes on the wire may decode into any limits, so they are cut at 2 s.
 *
 * <p>The harness's {@link Property} runs it: cases from the build's {@code plyyard.fuzz.tries} (10 000; 100 000 with
 * -Pslow); a failure prints the call and the case seed that draws it again ({@code -Dplyyard.fuzz.case-seed=…}), and
 * the run's base seed.
 */
class AiServicePropertiesIT {
    private static final Set<Status.Code> REFUSALS = EnumSet.of(Status.Code.INVALID_ARGUMENT,
        Status.Code.FAILED_PRECONDITION, Status.Code.RESOURCE_EXHAUSTED);
    private static final long DEADLINE_MILLIS = 10_000;
    private static final MethodDescriptor<BestMoveRequest, BestMoveResponse> BEST_MOVE = EngineServiceGrpc.getBestMoveMethod();
    private static final MethodDescriptor<BestMoveRequest, AnalysisLine> ANALYZE = EngineServiceGrpc.getAnalyzeMethod();
    private static final MethodDescriptor<ReviewGameRequest, ReviewProgress> REVIEW = EngineServiceGrpc.getReviewGameMethod();
    private static final MethodDescriptor<EvaluateRequest, EvaluateResponse> EVALUATE = EngineServiceGrpc.getEvaluateMethod();
    /** Games whose records the review calls send. */
    private static final List<String> RECORDED = List.of("draughts:fmjd", "draughts:plyyard", "ploy:3m:2p", "ploy:imperium:ffa",
        "piracy:classic");
    private static final LocalOracle ORACLE = new LocalOracle();

    /** The valid games the calls start from: always the same ones, so that a case's seed alone repeats its call. */
    private static final long SAMPLES_SEED = 17;
    private static final Tally TALLY = new Tally("ai-service");

    private static ServiceProcess ai;
    private static GameFuzz fuzz;
    private static GameState probeState;
    private static HealthGrpc.HealthBlockingStub health;

    /**
     * One call: BestMove or Analyze, its request (or its bytes, mutated on the wire), the client deadline, whether the
     * case is cut on purpose (a short deadline or a cancel after the first line), and the answer it must get (null: any
     * allowed one).
     */
    record Call(String rpc, BestMoveRequest request, byte[] bytes, long deadlineMillis, boolean cut, boolean cancelAfterFirst,
                Status.Code expected) {
        /** How a failure shows the call (the property runner cuts it to 2 000 characters). */
        String describe() {
            return rpc + " " + (bytes != null ? "bytes " + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 600))
                : TextFormat.shortDebugString(request)) + ", deadline " + deadlineMillis + " ms" + (cut ? " (cut)" : "")
                + (cancelAfterFirst ? " (cancelled after the first line)" : "")
                + (expected == null ? "" : " (expected " + expected + ")");
        }

        String group() {
            return bytes != null ? "(bytes, any RPC)" : rpc;
        }
    }

    @BeforeAll
    static void start() {
        Path jar = ServiceProcess.jar("plyyard.ai.jar", Path.of("target", "quarkus-app", "quarkus-run.jar"), "ai-service");
        ai = ServiceProcess.start("ai-service-properties", jar, ServiceProcess.freePort(),
            // every cut case resets its stream: hundreds in 30 s on the one connection, which the HTTP server would
            // take for a rapid-reset attack (more than 200 in 30 s: GOAWAY); the property is about the answers
            List.of("-Dplyyard.ai.max-concurrent=2", "-Dplyyard.ai.table-megabytes=8",
                "-Dquarkus.http.limits.rst-flood-max-rst-frame-per-window=1000000",
                "-Dplyyard.ai.piracy.tablebase.build-max-positions=0"), Map.of(), Path.of("target", "it-logs"),
            Duration.ofSeconds(60));
        health = HealthGrpc.newBlockingStub(ai.channel());
        fuzz = new GameFuzz(GameSamples.collect(ORACLE, SAMPLES_SEED, 30));
        probeState = fuzz.samples().all().get(0).state();
    }

    @AfterAll
    static void stop() {
        if (ai != null) {
            assertServing();
            TALLY.write();
            ai.stop();
        }
    }

    @TestFactory
    Stream<DynamicTest> bestMoveAndAnalyzeAnswerWithinTheContract() {
        return Property.forAll("ai-service", calls(fuzz))
            .describedBy(Call::describe)
            .then("BestMove and Analyze answered OK at least once",
                () -> TALLY.assertEveryGroupGot(List.of("BestMove", "Analyze"), "OK", 1000))
            .tests(AiServicePropertiesIT::answersWithinTheContract);
    }

    private static void answersWithinTheContract(Call call) throws Exception {
        Status status = call.bytes() != null
            ? call.rpc().equals("Analyze")
                ? Wire.serverStreaming(ai.channel(), ANALYZE.getFullMethodName(), call.bytes(), call.deadlineMillis())
                : Wire.unary(ai.channel(), BEST_MOVE.getFullMethodName(), call.bytes(), call.deadlineMillis())
            : call.rpc().equals("BestMove") ? bestMove(call) : analyze(call);
        TALLY.collect(call.group(), status.getCode().name() + (call.cut() ? " (cut)" : ""));
        boolean cutByClient = call.cut() && (status.getCode() == Status.Code.DEADLINE_EXCEEDED
            || status.getCode() == Status.Code.CANCELLED); // the client's own status: no server sentence
        if (!cutByClient) {
            Answers.check(status, REFUSALS);
        }
        if (call.expected() != null && status.getCode() != Status.Code.RESOURCE_EXHAUSTED) {
            assertEquals(call.expected(), status.getCode(), () -> "the answer was " + Answers.describe(status));
        }
        if (call.cut()) {
            assertSearchesStop(probeState);
        }
        if (status.getCode() != Status.Code.OK || TALLY.cases() % 100 == 0) {
            assertServing();
        }
    }

    private static Status bestMove(Call call) {
        try {
            BestMoveResponse r = ClientCalls.blockingUnaryCall(ai.channel(), BEST_MOVE,
                CallOptions.DEFAULT.withDeadlineAfter(call.deadlineMillis(), TimeUnit.MILLISECONDS), call.request());
            assertLegal(call.request().getState(), r.getMove());
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    /** The move is one of the state's legal moves (the engine's own rules through the same mapping). */
    private static void assertLegal(GameState state, Move move) {
        List<Move> legal = ORACLE.legalMoves(state);
        assertTrue(legal.stream().anyMatch(m -> m.getNotation().equals(move.getNotation())),
            () -> "BestMove answered " + move.getNotation() + ", not one of the legal moves " + legal);
    }

    /** Reads the stream to its end (or cancels it after the first line); the status it ended with. */
    private static Status analyze(Call call) throws Exception {
        CompletableFuture<Status> closed = new CompletableFuture<>();
        List<AnalysisLine> lines = new ArrayList<>();
        ClientCall<BestMoveRequest, AnalysisLine> stream = ai.channel().newCall(ANALYZE,
            CallOptions.DEFAULT.withDeadlineAfter(call.deadlineMillis(), TimeUnit.MILLISECONDS));
        stream.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(AnalysisLine line) {
                synchronized (lines) {
                    lines.add(line);
                }
                if (call.cancelAfterFirst()) {
                    stream.cancel("the property cancels after the first line", null);
                } else {
                    stream.request(1);
                }
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
            }
        }, new Metadata());
        stream.sendMessage(call.request());
        stream.halfClose();
        stream.request(1);
        Status status;
        try {
            status = closed.get(call.deadlineMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stream.cancel("hung", null);
            throw new AssertionError("Analyze did not end within 5 s of its deadline (a hang)");
        }
        synchronized (lines) {
            for (int i = 1; i < lines.size(); i++) {
                assertTrue(lines.get(i).getDepth() >= lines.get(i - 1).getDepth(), () -> "lines out of order: " + lines);
            }
            if (!lines.isEmpty() && !lines.get(0).getPvList().isEmpty()) {
                assertLegal(call.request().getState(), Move.newBuilder().setNotation(lines.get(0).getPv(0)).build());
            }
        }
        return status;
    }

    /** After a cut search: a quick search gets its answer within 3 s (retried while the cut one still holds an engine). */
    private static void assertSearchesStop(GameState state) {
        BestMoveRequest quick = BestMoveRequest.newBuilder().setState(state).setLimits(SearchLimits.newBuilder().setDepth(1))
            .build();
        long until = System.nanoTime() + 3_000_000_000L;
        while (true) {
            try {
                ClientCalls.blockingUnaryCall(ai.channel(), BEST_MOVE,
                    CallOptions.DEFAULT.withDeadlineAfter(3, TimeUnit.SECONDS), quick);
                return;
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED || System.nanoTime() > until) {
                    throw new AssertionError("after a cut search, a depth-1 search was answered " + Answers.describe(
                        e.getStatus()) + ": the cut search did not stop", e);
                }
                ServiceProcess.sleep(10);
            }
        }
    }

    private static void assertServing() {
        assertTrue(ai.alive(), () -> "ai-service exited; log:\n" + ai.tail());
        assertEquals(ServingStatus.SERVING, health.withDeadlineAfter(5, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance()).getStatus());
    }

    // ---- the calls

    /** Limits that end a search within a few tens of milliseconds, or are refused. */
    static Gen<SearchLimits> quickLimits() {
        return r -> {
            SearchLimits.Builder b = SearchLimits.newBuilder().setSeed(r.nextLong());
            switch (r.nextInt(6)) {
                case 0 -> b.setDepth(1 + r.nextInt(2));
                case 1 -> b.setNodes(1 + r.nextInt(3000));
                case 2 -> b.setMoveTimeMillis(1 + r.nextInt(10));
                case 3 -> b.setDepth(1 + r.nextInt(6)).setMoveTimeMillis(1 + r.nextInt(10)).setNodes(r.nextInt(5000));
                case 4 -> b.setLevelValue(1 + r.nextInt(5)).setClockMillis(r.nextInt(600)).setIncrementMillis(r.nextInt(20));
                default -> b.setDepth(1 + r.nextInt(2)).setNodes(r.nextBoolean() ? 0 : 1 + r.nextInt(1000));
            }
            return b.build();
        };
    }

    /** Limits the server refuses: none, a depth over 100, a move time over 60 s, an unknown level. */
    static Gen<SearchLimits> invalidLimits() {
        return r -> switch (r.nextInt(4)) {
            case 0 -> SearchLimits.newBuilder().setSeed(Numbers.anyLong().next(r)).build();
            case 1 -> SearchLimits.newBuilder().setDepth(Gen.elements(101, 1000, Integer.MAX_VALUE, Integer.MIN_VALUE, -1)
                .next(r)).build();
            case 2 -> SearchLimits.newBuilder().setMoveTimeMillis(Gen.elements(60_001, Integer.MAX_VALUE, Integer.MIN_VALUE, -1)
                .next(r)).setDepth(r.nextInt(3)).build();
            default -> SearchLimits.newBuilder().setLevelValue(Gen.elements(6, 7, -1, 100, Integer.MAX_VALUE, Integer.MIN_VALUE)
                .next(r)).setClockMillis(r.nextInt(1000)).build();
        };
    }

    /** Limits that may search long (up to the server's 60 s): only ever sent cut. */
    static Gen<SearchLimits> longLimits() {
        return r -> switch (r.nextInt(6)) {
            case 0 -> SearchLimits.newBuilder().setLevelValue(1 + r.nextInt(5)).setSeed(r.nextLong()).build();
            case 1 -> SearchLimits.newBuilder().setDepth(10 + r.nextInt(91)).build();
            case 2 -> SearchLimits.newBuilder().setNodes(Gen.elements(-1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40).next(r))
                .build();
            case 3 -> SearchLimits.newBuilder().setMoveTimeMillis(Gen.elements(1_000, 30_000, 60_000).next(r)).build();
            case 4 -> SearchLimits.newBuilder().setLevelValue(1 + r.nextInt(5)).setClockMillis(Numbers.anyLong().next(r))
                .setIncrementMillis(Numbers.anyLong().next(r)).build();
            default -> SearchLimits.newBuilder().setDepth(Numbers.anyInt().next(r) & 0x7f).setNodes(Numbers.anyLong().next(r))
                .setMoveTimeMillis(Numbers.mostlyIn(0, 60_000).next(r) & 0xffff).build();
        };
    }

    static Gen<Call> calls(GameFuzz fuzz) {
        Gen<String> rpc = Gen.frequency(weight(6, Gen.constant("BestMove")), weight(4, Gen.constant("Analyze")));
        Gen<GameState> state = Gen.frequency(
            weight(45, fuzz.samples().any().map(Sample::state)),
            weight(55, fuzz.state()));
        return r -> {
            String method = rpc.next(r);
            int kind = r.nextInt(100);
            Call call;
            if (kind < 6) { // a search that could be long: cut
                boolean cancel = method.equals("Analyze") && r.nextBoolean();
                BestMoveRequest q = BestMoveRequest.newBuilder().setState(fuzz.samples().ongoing().next(r).state())
                    .setLimits(longLimits().next(r)).build();
                call = new Call(method, q, null, cancel ? 2_000 : 10 + r.nextInt(40), true, cancel, null);
            } else if (kind < 26) { // an unchanged valid state with quick limits: OK, or FAILED_PRECONDITION when over
                Sample s = fuzz.samples().any().next(r);
                BestMoveRequest q = BestMoveRequest.newBuilder().setState(s.state()).setLimits(quickLimits().next(r)).build();
                call = new Call(method, q, null, DEADLINE_MILLIS, false, false,
                    s.over() ? Status.Code.FAILED_PRECONDITION : Status.Code.OK);
            } else if (kind < 36) { // refused limits
                BestMoveRequest.Builder q = BestMoveRequest.newBuilder().setLimits(invalidLimits().next(r));
                if (r.nextInt(5) > 0) {
                    q.setState(state.next(r));
                }
                call = new Call(method, q.build(), null, DEADLINE_MILLIS, false, false, Status.Code.INVALID_ARGUMENT);
            } else if (kind < 40) { // no state
                call = new Call(method, BestMoveRequest.newBuilder().setLimits(quickLimits().next(r)).build(), null,
                    DEADLINE_MILLIS, false, false, Status.Code.INVALID_ARGUMENT);
            } else { // any state, quick limits
                BestMoveRequest q = BestMoveRequest.newBuilder().setState(state.next(r)).setLimits(quickLimits().next(r))
                    .build();
                call = new Call(method, q, null, DEADLINE_MILLIS, false, false, null);
            }
            if (!call.cut() && r.nextInt(25) == 0) {
                // the bytes may decode into any limits, long searches included: cut at 2 s
                return new Call(call.rpc(), call.request(), Wire.mutate(call.request().toByteArray(), r), 2_000,
                    true, false, null);
            }
            BestMoveRequest noisy = Messages.withUnknownFields(call.request(), r, 150);
            return noisy == call.request() ? call : new Call(call.rpc(), noisy, null, call.deadlineMillis(), call.cut(),
                call.cancelAfterFirst(), call.expected() == Status.Code.OK ? null : call.expected());
        };
    }

    // ---- Evaluate

    /** One Evaluate call (or its bytes, mutated on the wire) and the answer it must get (null: any allowed one). */
    record EvaluateCall(EvaluateRequest request, byte[] bytes, Status.Code expected) {
        String describe() {
            return "Evaluate " + (bytes != null ? "bytes " + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 600))
                : TextFormat.shortDebugString(request)) + (expected == null ? "" : " (expected " + expected + ")");
        }
    }

    /**
     * Evaluate answers a score or a refusal the contract names: for an unchanged sample with quick limits, OK for a seat
     * still in the game, FAILED_PRECONDITION for one that is out or a finished game, INVALID_ARGUMENT for a seat the game
     * does not have. Searches are as short as BestMove's: a tenth of the other property's count.
     */
    @TestFactory
    Stream<DynamicTest> evaluateAnswersWithinTheContract() {
        return Property.forAll("ai-service Evaluate", evaluateCalls(fuzz))
            .tries(Math.max(100, Property.defaultTries() / 10))
            .describedBy(EvaluateCall::describe)
            .then("Evaluate answered OK at least once", () -> TALLY.assertEveryGroupGot(List.of("Evaluate"), "OK", 50))
            .tests(AiServicePropertiesIT::evaluateWithinTheContract);
    }

    private static void evaluateWithinTheContract(EvaluateCall call) {
        Status status;
        if (call.bytes() != null) {
            // the bytes may decode into any limits, long searches included: cut at 2 s
            status = Wire.unary(ai.channel(), EVALUATE.getFullMethodName(), call.bytes(), 2_000);
            TALLY.collect("(bytes, Evaluate)", status.getCode().name());
            if (status.getCode() != Status.Code.DEADLINE_EXCEEDED) {
                Answers.check(status, REFUSALS);
            } else {
                assertSearchesStop(probeState);
            }
        } else {
            try {
                ClientCalls.blockingUnaryCall(ai.channel(), EVALUATE, CallOptions.DEFAULT.withDeadlineAfter(DEADLINE_MILLIS,
                    TimeUnit.MILLISECONDS), call.request());
                status = Status.OK;
            } catch (StatusRuntimeException e) {
                status = e.getStatus();
            }
            TALLY.collect("Evaluate", status.getCode().name());
            Answers.check(status, REFUSALS);
            if (call.expected() != null && status.getCode() != Status.Code.RESOURCE_EXHAUSTED) {
                Status answered = status;
                assertEquals(call.expected(), status.getCode(), () -> "the answer was " + Answers.describe(answered));
            }
        }
        if (status.getCode() != Status.Code.OK || TALLY.cases() % 100 == 0) {
            assertServing();
        }
    }

    /** What Evaluate must answer for an unchanged sample and quick limits, by the seat asked for. */
    private static Status.Code expectedFor(Sample s, long seat) {
        if (s.over()) {
            return Status.Code.FAILED_PRECONDITION;
        }
        if (seat >= s.state().getSeatsCount()) {
            return Status.Code.INVALID_ARGUMENT;
        }
        return s.state().getSeats((int) seat).getOut() ? Status.Code.FAILED_PRECONDITION : Status.Code.OK;
    }

    static Gen<EvaluateCall> evaluateCalls(GameFuzz fuzz) {
        Gen<Integer> seat = Gen.frequency(weight(85, r -> r.nextInt(4)),
            weight(15, Gen.elements(4, 5, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, -1)));
        return r -> {
            int kind = r.nextInt(100);
            EvaluateCall call;
            if (kind < 45) { // an unchanged sample, quick limits: the answer follows from the sample and the seat
                Sample s = fuzz.samples().any().next(r);
                int which = seat.next(r);
                call = new EvaluateCall(EvaluateRequest.newBuilder().setState(s.state()).setSeat(which)
                    .setLimits(quickLimits().next(r)).build(), null, expectedFor(s, Integer.toUnsignedLong(which)));
            } else if (kind < 60) { // refused limits
                EvaluateRequest.Builder q = EvaluateRequest.newBuilder().setSeat(seat.next(r)).setLimits(invalidLimits().next(r));
                if (r.nextInt(5) > 0) {
                    q.setState(fuzz.state().next(r));
                }
                call = new EvaluateCall(q.build(), null, Status.Code.INVALID_ARGUMENT);
            } else if (kind < 65) { // no state
                call = new EvaluateCall(EvaluateRequest.newBuilder().setSeat(seat.next(r)).setLimits(quickLimits().next(r))
                    .build(), null, Status.Code.INVALID_ARGUMENT);
            } else { // any state, any seat, quick limits
                call = new EvaluateCall(EvaluateRequest.newBuilder().setState(fuzz.state().next(r)).setSeat(seat.next(r))
                    .setLimits(quickLimits().next(r)).build(), null, null);
            }
            if (r.nextInt(25) == 0) {
                return new EvaluateCall(call.request(), Wire.mutate(call.request().toByteArray(), r), null);
            }
            EvaluateRequest noisy = Messages.withUnknownFields(call.request(), r, 150);
            return noisy == call.request() ? call
                : new EvaluateCall(noisy, null, call.expected() == Status.Code.OK ? null : call.expected());
        };
    }

    // ---- ReviewGame

    /** One ReviewGame call (or its bytes, mutated on the wire) and the answer it must get (null: any allowed one). */
    record ReviewCall(ReviewGameRequest request, byte[] bytes, Status.Code expected) {
        String describe() {
            return "ReviewGame " + (bytes != null ? "bytes " + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 600))
                : TextFormat.shortDebugString(request)) + (expected == null ? "" : " (expected " + expected + ")");
        }
    }

    /**
     * ReviewGame answers the start, a line per move in order and the summary, or a refusal the contract names. Its cases
     * are short games reviewed at a few milliseconds a position: a twentieth of the other property's count.
     */
    @TestFactory
    Stream<DynamicTest> reviewGameAnswersWithinTheContract() {
        return Property.forAll("ai-service ReviewGame", reviewCalls(fuzz))
            .tries(Math.max(50, Property.defaultTries() / 20))
            .describedBy(ReviewCall::describe)
            .then("ReviewGame answered OK at least once", () -> TALLY.assertEveryGroupGot(List.of("ReviewGame"), "OK", 20))
            .tests(AiServicePropertiesIT::reviewWithinTheContract);
    }

    private static void reviewWithinTheContract(ReviewCall call) {
        Status status;
        if (call.bytes() != null) {
            // the bytes may decode into a long review: cut at 2 s
            status = Wire.serverStreaming(ai.channel(), REVIEW.getFullMethodName(), call.bytes(), 2_000);
            TALLY.collect("(bytes, ReviewGame)", status.getCode().name());
            if (status.getCode() != Status.Code.DEADLINE_EXCEEDED) {
                Answers.check(status, REFUSALS);
            } else {
                assertSearchesStop(probeState);
            }
        } else {
            List<ReviewProgress> items = new ArrayList<>();
            try {
                ClientCalls.blockingServerStreamingCall(ai.channel(), REVIEW, CallOptions.DEFAULT.withDeadlineAfter(
                    DEADLINE_MILLIS, TimeUnit.MILLISECONDS), call.request()).forEachRemaining(items::add);
                status = Status.OK;
            } catch (StatusRuntimeException e) {
                status = e.getStatus();
            }
            TALLY.collect("ReviewGame", status.getCode().name());
            Answers.check(status, REFUSALS);
            if (call.expected() != null && status.getCode() != Status.Code.RESOURCE_EXHAUSTED) {
                Status answered = status;
                assertEquals(call.expected(), status.getCode(), () -> "the answer was " + Answers.describe(answered));
            }
            if (status.isOk()) {
                assertReviewShape(items);
            }
        }
        if (status.getCode() != Status.Code.OK || TALLY.cases() % 100 == 0) {
            assertServing();
        }
    }

    /** The start, then each move in order with its class where its loss puts it, then the summary counting them. */
    private static void assertReviewShape(List<ReviewProgress> items) {
        assertTrue(items.size() >= 2 && items.get(0).hasStart() && items.get(items.size() - 1).hasSummary(),
            () -> "start ... summary: " + items);
        int moves = items.get(0).getStart().getMovesCount();
        assertEquals(moves + 2, items.size(), "one line per move");
        for (int i = 0; i < moves; i++) {
            ReviewedMove m = items.get(i + 1).getMove();
            assertEquals(i, m.getPly());
            assertEquals(items.get(0).getStart().getMoves(i), m.getMove());
            assertTrue(m.getLoss() <= 1000 && m.getExpectedBest() <= 1000 && m.getExpectedPlayed() <= 1000, m::toString);
        }
        assertEquals(moves, items.get(items.size() - 1).getSummary().getReviewed());
    }

    /** A record and its game's name. */
    private record Recorded(String game, String text) {
    }

    /** A game of up to three random moves from the start of one of {@link #RECORDED}, as a record. */
    private static Recorded record(java.util.Random r) {
        com.plyyard.engine.VariantRules rules = com.plyyard.engine.catalog.Variants.get(RECORDED.get(r.nextInt(RECORDED.size())));
        com.plyyard.engine.Position p = rules.start();
        List<String> moves = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0 && !p.isOver(); i--) {
            var legal = p.legalMoves();
            var m = legal.get(r.nextInt(legal.size()));
            moves.add(m.notation());
            p = p.play(m);
        }
        return new Recorded(rules.game(), rules.module().record(rules.start(), moves, Map.of()).write());
    }

    static Gen<ReviewCall> reviewCalls(GameFuzz fuzz) {
        Gen<Integer> quickMillis = r -> 1 + r.nextInt(4);
        return r -> {
            int kind = r.nextInt(100);
            ReviewCall call;
            if (kind < 25) { // a valid game: up to three legal moves from a sample
                Sample s = fuzz.samples().any().next(r);
                GameState state = s.state();
                ReviewGameRequest.Builder q = ReviewGameRequest.newBuilder().setFirst(state).setMoveMillis(quickMillis.next(r));
                for (int i = r.nextInt(4); i > 0; i--) {
                    List<Move> legal = ORACLE.legalMoves(state);
                    if (legal.isEmpty()) {
                        break;
                    }
                    String move = legal.get(r.nextInt(legal.size())).getNotation();
                    q.addMoves(move);
                    state = ORACLE.play(state, move);
                }
                call = new ReviewCall(q.build(), null, Status.Code.OK);
            } else if (kind < 40) { // a valid record, or one changed
                Recorded record = record(r);
                boolean changed = r.nextBoolean();
                call = new ReviewCall(ReviewGameRequest.newBuilder()
                    .setRecord(changed ? Texts.mutate(record.text(), r) : record.text())
                    .setRecordGame(record.game()).setMoveMillis(quickMillis.next(r)).build(), null,
                    changed ? null : Status.Code.OK);
            } else if (kind < 55) { // a sample with a move of any kind
                Sample s = fuzz.samples().any().next(r);
                call = new ReviewCall(ReviewGameRequest.newBuilder().setFirst(s.state()).addMoves(fuzz.moveFor(s).next(r))
                    .setMoveMillis(quickMillis.next(r)).build(), null, null);
            } else if (kind < 68) { // any state, any moves
                ReviewGameRequest.Builder q = ReviewGameRequest.newBuilder().setFirst(fuzz.state().next(r))
                    .setMoveMillis(quickMillis.next(r));
                for (int i = r.nextInt(3); i > 0; i--) {
                    q.addMoves(Texts.any().next(r));
                }
                call = new ReviewCall(q.build(), null, null);
            } else if (kind < 76) { // any text as a record, of any game
                call = new ReviewCall(ReviewGameRequest.newBuilder().setRecord(Texts.any().next(r))
                    .setRecordGame(Gen.elements("draughts", "ploy", "piracy", "", "chess").next(r))
                    .setMoveMillis(quickMillis.next(r)).build(), null, null);
            } else if (kind < 82) { // a record and a position: refused
                call = new ReviewCall(ReviewGameRequest.newBuilder().setRecord(record(r).text()).setRecordGame("draughts")
                    .setFirst(fuzz.samples().any().next(r).state()).build(), null, Status.Code.INVALID_ARGUMENT);
            } else if (kind < 88) { // nothing to review: refused
                call = new ReviewCall(ReviewGameRequest.newBuilder().setMoveMillis(quickMillis.next(r)).build(), null,
                    Status.Code.INVALID_ARGUMENT);
            } else { // a move time over the server's 60 s: refused
                call = new ReviewCall(ReviewGameRequest.newBuilder().setFirst(fuzz.samples().any().next(r).state())
                    .setMoveMillis(Gen.elements(60_001, Integer.MAX_VALUE, Integer.MIN_VALUE, -1).next(r)).build(), null,
                    Status.Code.INVALID_ARGUMENT);
            }
            if (r.nextInt(25) == 0) {
                return new ReviewCall(call.request(), Wire.mutate(call.request().toByteArray(), r), null);
            }
            ReviewGameRequest noisy = Messages.withUnknownFields(call.request(), r, 150);
            return noisy == call.request() ? call
                : new ReviewCall(noisy, null, call.expected() == Status.Code.OK ? null : call.expected());
        };
    }
}
