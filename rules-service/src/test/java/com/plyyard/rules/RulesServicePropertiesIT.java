package com.plyyard.rules;

import static com.plyyard.grpc.testing.fuzz.Gen.weight;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.plyyard.engine.learn.Exercise;
import com.plyyard.engine.learn.Exercises;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.grpc.testing.ServiceProcess;
import com.plyyard.grpc.testing.fuzz.Answers;
import com.plyyard.grpc.testing.fuzz.Gen;
import com.plyyard.grpc.testing.fuzz.Messages;
import com.plyyard.grpc.testing.fuzz.Numbers;
import com.plyyard.grpc.testing.fuzz.Property;
import com.plyyard.grpc.testing.fuzz.Tally;
import com.plyyard.grpc.testing.fuzz.Texts;
import com.plyyard.grpc.testing.fuzz.Wire;
import com.plyyard.mapping.PuzzleOperations;
import com.plyyard.mapping.testing.GameFuzz;
import com.plyyard.mapping.testing.GameOracle;
import com.plyyard.mapping.testing.GameSamples;
import com.plyyard.mapping.testing.GameSamples.Sample;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.ListExercisesRequest;
import com.plyyard.proto.v1.ListPuzzlesRequest;
import com.plyyard.proto.v1.ListVariantsRequest;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PuzzleData;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.RulesServiceGrpc.RulesServiceBlockingStub;
import com.plyyard.proto.v1.Variant;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.CallOptions;
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
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Property: every RPC of RulesService and ExerciseService, called with random, mutated, wrong-game and edge inputs, against the packaged
 * rules-service, answers OK or a refusal the contract names (INVALID_ARGUMENT, FAILED_PRECONDITION, RESOURCE_EXHAUSTED)
 * with one human sentence — never INTERNAL, UNKNOWN or DATA_LOSS, never a hang — and the server keeps serving. Valid
 * inputs (an unchanged state from the real rules and one of its legal moves, say) must answer OK.
 *
 * <p>Valid games come from the service itself (NewGame, LegalMoves, ApplyMove, RemoveSeat) and are then sent as they
 * are, mutated, or to the wrong game. The server runs with a Perft budget of 250 ms (instead of 20 s), so that the
 * deep counts the property asks for end quickly, RESOURCE_EXHAUSTED. The harness's {@link Property} runs it: cases
 * from the build's {@code plyyard.fuzz.tries} (10 000; 100 000 with -Pslow); a failure prints the call and the case
 * seed that draws it again ({@code -Dplyyard.fuzz.case-seed=…}), and the run's base seed.
 */
class RulesServicePropertiesIT {
    private static final Set<Status.Code> REFUSALS = EnumSet.of(Status.Code.INVALID_ARGUMENT,
        Status.Code.FAILED_PRECONDITION, Status.Code.RESOURCE_EXHAUSTED, Status.Code.NOT_FOUND);
    private static final long DEADLINE_SECONDS = 10;
    private static final MethodDescriptor<?, ?> LIST_VARIANTS = RulesServiceGrpc.getListVariantsMethod();
    private static final MethodDescriptor<?, ?> NEW_GAME = RulesServiceGrpc.getNewGameMethod();
    private static final MethodDescriptor<?, ?> LEGAL_MOVES = RulesServiceGrpc.getLegalMovesMethod();
    private static final MethodDescriptor<?, ?> APPLY_MOVE = RulesServiceGrpc.getApplyMoveMethod();
    private static final MethodDescriptor<?, ?> PARSE_POSITION = RulesServiceGrpc.getParsePositionMethod();
    private static final MethodDescriptor<?, ?> FORMAT_POSITION = RulesServiceGrpc.getFormatPositionMethod();
    private static final MethodDescriptor<?, ?> PERFT = RulesServiceGrpc.getPerftMethod();
    private static final MethodDescriptor<?, ?> REMOVE_SEAT = RulesServiceGrpc.getRemoveSeatMethod();
    private static final MethodDescriptor<?, ?> LIST_EXERCISES = ExerciseServiceGrpc.getListExercisesMethod();
    private static final MethodDescriptor<?, ?> JUDGE_ANSWER = ExerciseServiceGrpc.getJudgeAnswerMethod();
    private static final MethodDescriptor<?, ?> LIST_PUZZLES = ExerciseServiceGrpc.getListPuzzlesMethod();
    private static final MethodDescriptor<?, ?> JUDGE_PUZZLE_MOVE = ExerciseServiceGrpc.getJudgePuzzleMoveMethod();

    private static final List<String> RPCS = List.of("ListVariants", "NewGame", "LegalMoves", "ApplyMove",
        "ParsePosition", "FormatPosition", "Perft", "RemoveSeat", "ListExercises", "JudgeAnswer", "ListPuzzles", "JudgePuzzleMove");
    /** The valid games the calls start from: always the same ones, so that a case's seed alone repeats its call. */
    private static final long SAMPLES_SEED = 13;
    private static final Tally TALLY = new Tally("rules-service");

    private static ServiceProcess rules;
    private static GameFuzz fuzz;
    private static RulesServiceBlockingStub stub;
    private static HealthGrpc.HealthBlockingStub health;

    /**
     * One generated call: the RPC, its request (or, for a request mutated on the wire, its bytes), and the answer it must
     * get (null: any allowed one).
     */
    record Call(String rpc, MethodDescriptor<?, ?> method, Message request, byte[] bytes, Status.Code expected) {
        /** How a failure shows the call (the property runner cuts it to 2 000 characters). */
        String describe() {
            return rpc + " " + (bytes != null ? "bytes " + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 600))
                : TextFormat.shortDebugString(request)) + (expected == null ? "" : " (expected " + expected + ")");
        }

        /** The statistics' group: the RPC, or "bytes" for every request mutated on the wire. */
        String group() {
            return bytes == null ? rpc : "(bytes, any RPC)";
        }
    }

    @BeforeAll
    static void start() {
        Path jar = ServiceProcess.jar("plyyard.rules.jar", Path.of("target", "quarkus-app", "quarkus-run.jar"),
            "rules-service");
        rules = ServiceProcess.start("rules-service-properties", jar, ServiceProcess.freePort(),
            List.of("-Dplyyard.rules.perft.max-millis=250"), Map.of(), Path.of("target", "it-logs"), Duration.ofSeconds(60));
        stub = RulesServiceGrpc.newBlockingStub(rules.channel());
        health = HealthGrpc.newBlockingStub(rules.channel());
        fuzz = new GameFuzz(GameSamples.collect(new GrpcOracle(stub), SAMPLES_SEED, 40));
    }

    @AfterAll
    static void stop() {
        if (rules != null) {
            assertServing();
            TALLY.write();
            rules.stop();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyRpcAnswersWithinTheContract() {
        return Property.forAll("rules-service", calls(fuzz))
            .describedBy(Call::describe)
            .then("every RPC answered OK at least once", () -> TALLY.assertEveryGroupGot(RPCS, "OK", 1000))
            .tests(call -> {
                Status status = invoke(call);
                TALLY.collect(call.group(), status.getCode().name());
                Answers.check(status, REFUSALS);
                if (call.expected() != null) {
                    assertEquals(call.expected(), status.getCode(), () -> "the answer was " + Answers.describe(status));
                }
                if (status.getCode() != Status.Code.OK || TALLY.cases() % 100 == 0) {
                    assertServing();
                }
            });
    }

    @SuppressWarnings("unchecked")
    private static Status invoke(Call call) {
        if (call.bytes() != null) {
            return Wire.unary(rules.channel(), call.method().getFullMethodName(), call.bytes(), DEADLINE_SECONDS * 1000);
        }
        try {
            ClientCalls.blockingUnaryCall(rules.channel(), (MethodDescriptor<Message, Message>) call.method(),
                CallOptions.DEFAULT.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS), call.request());
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    /** The server is alive and serving on the same channel. */
    private static void assertServing() {
        assertTrue(rules.alive(), () -> "rules-service exited; log:\n" + rules.tail());
        assertEquals(ServingStatus.SERVING, health.withDeadlineAfter(5, TimeUnit.SECONDS)
            .check(HealthCheckRequest.getDefaultInstance()).getStatus());
    }

    // ---- the calls

    static Gen<Call> calls(GameFuzz fuzz) {
        Gen<Call> one = Gen.frequency(
            weight(4, listVariants()),
            weight(12, newGame(fuzz)),
            weight(14, legalMoves(fuzz)),
            weight(22, applyMove(fuzz)),
            weight(13, parsePosition(fuzz)),
            weight(13, formatPosition(fuzz)),
            weight(10, perft(fuzz)),
            weight(12, removeSeat(fuzz)),
            weight(3, listExercises()),
            weight(7, judgeAnswer()),
            weight(3, listPuzzles()),
            weight(7, judgePuzzleMove()));
        return one.then((call, r) -> {
            if (r.nextInt(25) == 0) {
                return new Call(call.rpc(), call.method(), call.request(), Wire.mutate(call.request().toByteArray(), r), null);
            }
            Message noisy = Messages.withUnknownFields(call.request(), r, 150);
            return noisy == call.request() ? call : new Call(call.rpc(), call.method(), noisy, null, null);
        });
    }

    private static Call call(MethodDescriptor<?, ?> method, Message request, Status.Code expected) {
        return new Call(method.getBareMethodName(), method, request, null, expected);
    }

    static Gen<Call> listVariants() {
        return Gen.frequency(
            weight(3, Gen.ints(0, 3).map(g -> call(LIST_VARIANTS,
                ListVariantsRequest.newBuilder().setGameValue(g).build(), Status.Code.OK))),
            weight(1, Numbers.anyInt().map(g -> call(LIST_VARIANTS,
                ListVariantsRequest.newBuilder().setGameValue(g).build(), null))));
    }

    static Gen<Call> listExercises() {
        return Gen.frequency(
            weight(3, Gen.elements("", "draughts", "ploy", "piracy").map(g -> call(LIST_EXERCISES,
                ListExercisesRequest.newBuilder().setGame(g).build(), Status.Code.OK))),
            weight(1, Texts.any().map(g -> call(LIST_EXERCISES, ListExercisesRequest.newBuilder().setGame(g).build(),
                null))));
    }

    /** Answers to the shipped exercises (the engine's own list): right, wrong, garbled, for parts that do not exist. */
    static Gen<Call> judgeAnswer() {
        Gen<Exercise> exercise = Gen.elements(Exercises.all());
        Gen<String> anyMove = Gen.frequency(weight(3, Texts.notationLike()), weight(1, Texts.any()));
        return Gen.frequency(
            // a listed solution of a part's first step: a judgement, correct
            weight(4, exercise.then((e, r) -> {
                int part = r.nextInt(e.parts().size());
                String move = Gen.elements(e.parts().get(part).steps().get(0).solutions()).next(r);
                return call(JUDGE_ANSWER, JudgeAnswerRequest.newBuilder().setExerciseId(e.id()).setPart(part)
                    .addMoves(move).build(), Status.Code.OK);
            })),
            // any one move for a part that exists: a judgement, right or wrong (or a text beyond the edge's limits)
            weight(3, exercise.then((e, r) -> call(JUDGE_ANSWER, JudgeAnswerRequest.newBuilder().setExerciseId(e.id())
                .setPart(r.nextInt(e.parts().size())).addMoves(anyMove.next(r)).build(), null))),
            // any part, any number of moves, ids mutated
            weight(3, exercise.then((e, r) -> call(JUDGE_ANSWER, JudgeAnswerRequest.newBuilder()
                .setExerciseId(r.nextInt(4) == 0 ? Texts.mutate(e.id(), r) : e.id())
                .setPart(r.nextInt(3) == 0 ? r.nextInt() : r.nextInt(3))
                .addAllMoves(Gen.listOf(Gen.ints(0, 5), anyMove).next(r)).build(), null))));
    }

    static Gen<Call> listPuzzles() {
        return Gen.frequency(
            weight(3, Gen.elements("draughts", "ploy", "piracy").then((g, r) -> call(LIST_PUZZLES, ListPuzzlesRequest
                .newBuilder().setGame(g).setOffset(r.nextInt(Puzzles.of(g).size() + 1)).setLimit(r.nextInt(1001)).build(),
                Status.Code.OK))),
            weight(2, r -> call(LIST_PUZZLES, ListPuzzlesRequest.newBuilder()
                .setGame(r.nextBoolean() ? Texts.any().next(r) : Gen.elements("draughts", "ploy", "piracy").next(r))
                .setOffset(Numbers.anyInt().next(r)).setLimit(Numbers.anyInt().next(r)).build(), null)));
    }

    /** Moves for the shipped puzzles (the engine's own sets): the line's, any, garbled; puzzles sent mutated. */
    static Gen<Call> judgePuzzleMove() {
        Gen<Puzzle> puzzle = Gen.elements(Puzzles.all());
        Gen<String> anyMove = Gen.frequency(weight(3, Texts.notationLike()), weight(1, Texts.any()));
        return Gen.frequency(
            // the line's right answers up to a step: a judgement, right
            weight(4, puzzle.then((p, r) -> {
                int steps = r.nextInt(p.solverMoves() + 1);
                List<String> moves = new ArrayList<>();
                for (int i = 0; i < steps; i++) {
                    moves.add(p.line().get(2 * i));
                }
                return call(JUDGE_PUZZLE_MOVE, JudgePuzzleMoveRequest.newBuilder()
                    .setPuzzle(PuzzleOperations.message(p)).addAllMoves(moves).build(), Status.Code.OK);
            })),
            // any one move: a judgement, right or wrong (or a text beyond the edge's limits)
            weight(3, puzzle.then((p, r) -> call(JUDGE_PUZZLE_MOVE, JudgePuzzleMoveRequest.newBuilder()
                .setPuzzle(PuzzleOperations.message(p)).addMoves(anyMove.next(r)).build(), null))),
            // the puzzle itself mutated: its position, line, goal or variant; any number of moves
            weight(3, puzzle.then((p, r) -> {
                PuzzleData.Builder d = PuzzleOperations.message(p).toBuilder();
                switch (r.nextInt(4)) {
                    case 0 -> d.setPosition(Texts.mutate(p.position(), r));
                    case 1 -> d.setLine(r.nextInt(d.getLineCount()), anyMove.next(r));
                    case 2 -> d.setGoal(Texts.mutate(p.goal().id(), r));
                    default -> d.setVariant(Texts.mutate(p.variant(), r));
                }
                return call(JUDGE_PUZZLE_MOVE, JudgePuzzleMoveRequest.newBuilder().setPuzzle(d)
                    .addAllMoves(Gen.listOf(Gen.ints(0, 4), anyMove).next(r)).build(), null);
            })));
    }

    static Gen<Call> newGame(GameFuzz fuzz) {
        Gen<Variant> valid = Gen.elements(fuzz.samples().variants());
        return Gen.frequency(
            weight(3, valid.map(v -> call(NEW_GAME, NewGameRequest.newBuilder().setVariant(v.getId()).build(),
                Status.Code.OK))),
            weight(4, valid.then((v, r) -> call(NEW_GAME, NewGameRequest.newBuilder().setVariant(v.getId())
                .setOptions(fuzz.optionsFor(game(v.getId())).next(r)).build(), null))),
            weight(4, r -> call(NEW_GAME, NewGameRequest.newBuilder().setVariant(fuzz.variantId().next(r))
                .setOptions(fuzz.options().next(r)).build(), null)));
    }

    static Gen<Call> legalMoves(GameFuzz fuzz) {
        return Gen.frequency(
            weight(4, fuzz.samples().any().map(sample -> call(LEGAL_MOVES, LegalMovesRequest.newBuilder()
                .setState(sample.state()).build(), Status.Code.OK))),
            weight(7, fuzz.state().map(state -> call(LEGAL_MOVES,
                LegalMovesRequest.newBuilder().setState(state).build(), null))),
            weight(1, Gen.constant(call(LEGAL_MOVES, LegalMovesRequest.getDefaultInstance(),
                Status.Code.INVALID_ARGUMENT))));
    }

    static Gen<Call> applyMove(GameFuzz fuzz) {
        return Gen.frequency(
            // a legal move in a valid position: OK
            weight(5, fuzz.samples().ongoing().then((sample, r) -> call(APPLY_MOVE, ApplyMoveRequest.newBuilder()
                .setState(sample.state()).setMove(Gen.elements(sample.legal()).next(r).getNotation()).build(),
                Status.Code.OK))),
            weight(10, fuzz.samples().any().then((sample, r) -> call(APPLY_MOVE, ApplyMoveRequest.newBuilder()
                .setState(r.nextInt(3) == 0 ? fuzz.mutate(sample.state(), r) : sample.state())
                .setMove(fuzz.moveFor(sample).next(r)).build(), null))),
            weight(4, r -> call(APPLY_MOVE, ApplyMoveRequest.newBuilder().setState(fuzz.state().next(r))
                .setMove(Texts.any().next(r)).build(), null)),
            weight(1, r -> call(APPLY_MOVE, ApplyMoveRequest.newBuilder().setMove(Texts.any().next(r)).build(),
                null)));
    }

    /** A position text for the sample: its own, mutated, another one's, or any text. */
    private static Gen<String> position(GameFuzz fuzz, Sample sample) {
        return Gen.frequency(
            weight(40, Gen.constant(sample.state().getPosition())),
            weight(35, Texts.mutated(Gen.constant(sample.state().getPosition()))),
            weight(10, fuzz.samples().any().map(o -> o.state().getPosition())),
            weight(15, Texts.any()));
    }

    /** The sample's variant and options, or others. */
    private static String variant(GameFuzz fuzz, Sample sample, Random r) {
        return r.nextInt(10) < 7 ? sample.state().getVariant().getId() : fuzz.variantId().next(r);
    }

    private static VariantOptions options(GameFuzz fuzz, Sample sample, Random r) {
        return r.nextInt(10) < 6 ? sample.state().getVariant().getOptions() : fuzz.optionsFor(sample.game()).next(r);
    }

    static Gen<Call> parsePosition(GameFuzz fuzz) {
        return Gen.frequency(
            weight(3, fuzz.samples().any().map(sample -> call(PARSE_POSITION, ParsePositionRequest.newBuilder()
                .setVariant(sample.state().getVariant().getId()).setOptions(sample.state().getVariant().getOptions())
                .setPosition(sample.state().getPosition()).build(),
                Status.Code.OK))),
            weight(10, fuzz.samples().any().then((sample, r) -> call(PARSE_POSITION, ParsePositionRequest.newBuilder()
                .setVariant(variant(fuzz, sample, r)).setOptions(options(fuzz, sample, r))
                .setPosition(position(fuzz, sample).next(r)).build(),
                null))));
    }

    static Gen<Call> formatPosition(GameFuzz fuzz) {
        return fuzz.samples().any().then((sample, r) -> {
            FormatPositionRequest.Builder b = FormatPositionRequest.newBuilder().setVariant(variant(fuzz, sample, r))
                .setOptions(options(fuzz, sample, r));
            Status.Code expected = null;
            switch (r.nextInt(10)) {
                case 0, 1, 2 -> b.setPosition(position(fuzz, sample).next(r));
                case 3 -> { // the sample's own board: OK
                    b.setVariant(sample.state().getVariant().getId()).setOptions(sample.state().getVariant().getOptions());
                    switch (sample.state().getBoardCase()) {
                        case DRAUGHTS -> b.setDraughts(sample.state().getDraughts());
                        case PLOY -> b.setPloy(sample.state().getPloy());
                        case PIRACY -> b.setPiracy(sample.state().getPiracy());
                        default -> throw new IllegalStateException("a sample without a board");
                    }
                    expected = Status.Code.OK;
                }
                case 4, 5 -> b.setDraughts(fuzz.draughtsBoard().next(r));
                case 6, 7 -> b.setPloy(fuzz.ployBoard().next(r));
                case 8 -> b.setPiracy(fuzz.piracyBoard().next(r));
                default -> { // nothing to format
                }
            }
            return call(FORMAT_POSITION, b.build(), expected);
        });
    }

    static Gen<Call> perft(GameFuzz fuzz) {
        Gen<Integer> depth = Gen.frequency(
            weight(60, Gen.ints(1, 3)),
            weight(8, Gen.ints(4, 7)),
            weight(32, Numbers.intEdge()));
        return fuzz.samples().any().then((sample, r) -> call(PERFT, PerftRequest.newBuilder()
            .setVariant(variant(fuzz, sample, r)).setOptions(options(fuzz, sample, r))
            .setPosition(r.nextInt(3) == 0 ? "" : position(fuzz, sample).next(r))
            .setDepth(depth.next(r)).setDivide(r.nextBoolean()).build(), null));
    }

    static Gen<Call> removeSeat(GameFuzz fuzz) {
        Gen<EndReason> reason = Gen.frequency(
            weight(7, Gen.elements(EndReason.RESIGNATION, EndReason.TIMEOUT)),
            weight(3, Gen.elements(EndReason.values()).map(e -> e)));
        return fuzz.samples().any().then((sample, r) -> {
            RemoveSeatRequest.Builder b = RemoveSeatRequest.newBuilder()
                .setSeat(Numbers.mostlyIn(0, sample.state().getSeatsCount() - 1).next(r));
            EndReason why = reason.next(r);
            if (why == EndReason.UNRECOGNIZED) {
                b.setReasonValue(Numbers.anyInt().next(r));
            } else {
                b.setReason(why);
            }
            switch (r.nextInt(10)) {
                case 0 -> { // no state
                }
                case 1, 2, 3 -> b.setState(fuzz.mutate(sample.state(), r));
                default -> b.setState(sample.state());
            }
            return call(REMOVE_SEAT, b.build(), null);
        });
    }

    private static String game(String variantId) {
        return variantId.substring(0, variantId.indexOf(':'));
    }

    /** The real rules over gRPC: where the valid samples come from. */
    static final class GrpcOracle implements GameOracle {
        private final RulesServiceBlockingStub rules;

        GrpcOracle(RulesServiceBlockingStub rules) {
            this.rules = rules;
        }

        private RulesServiceBlockingStub stub() {
            return rules.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS);
        }

        @Override
        public List<Variant> variants() {
            return stub().listVariants(ListVariantsRequest.getDefaultInstance()).getVariantsList();
        }

        @Override
        public GameState newGame(String variantId, VariantOptions options) {
            return stub().newGame(NewGameRequest.newBuilder().setVariant(variantId).setOptions(options).build());
        }

        @Override
        public List<Move> legalMoves(GameState state) {
            return stub().legalMoves(LegalMovesRequest.newBuilder().setState(state).build()).getMovesList();
        }

        @Override
        public GameState play(GameState state, String move) {
            return stub().applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move).build()).getState();
        }

        @Override
        public GameState resign(GameState state, int seat) {
            return stub().removeSeat(RemoveSeatRequest.newBuilder().setState(state).setSeat(seat)
                .setReason(EndReason.RESIGNATION).build());
        }
    }
}
