package com.plyyard.lobby.support;

import com.plyyard.grpc.ErrorModel;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.rules.Rules;
import com.plyyard.lobby.rules.RulesClient;
import com.plyyard.mapping.EngineStatuses;
import com.plyyard.mapping.ExerciseOperations;
import com.plyyard.mapping.GameOperations;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.mapping.PuzzleOperations;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ApplyMovesRequest;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.JudgeAnswerRequest;
import com.plyyard.proto.v1.JudgePuzzleMoveRequest;
import com.plyyard.proto.v1.Judgement;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.ListExercisesRequest;
import com.plyyard.proto.v1.ListExercisesResponse;
import com.plyyard.proto.v1.ListPuzzlesRequest;
import com.plyyard.proto.v1.ListPuzzlesResponse;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.PuzzleJudgement;
import com.plyyard.proto.v1.RecordHeaders;
import com.plyyard.proto.v1.SeatLeaving;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.VariantOptions;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import io.grpc.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The rules in the service tests: rules-service's own game operations ({@link GameOperations}) run in the test JVM, and
 * their failures become statuses by rules-service's error model and then refusals by the lobby's own translation
 * ({@link RulesClient#refusal}), so a refusal carries exactly the sentence the service would send. {@link #goDown}
 * plays an outage: every call answers UNAVAILABLE until {@link #comeBack}.
 */
@Alternative
@ApplicationScoped
public class InProcessRules implements Rules {
    static final String ADDRESS = "in-process";
    private static final ErrorModel ERRORS = new ErrorModel("rules-service",
        "The rules service failed unexpectedly; the error has been logged.", EngineStatuses::known);

    private final GameOperations operations = new GameOperations(ProtoMapper.standard());
    private final ExerciseOperations exercises = new ExerciseOperations(ProtoMapper.standard());
    private final PuzzleOperations puzzles = new PuzzleOperations(ProtoMapper.standard());
    private final AtomicInteger calls = new AtomicInteger();
    private final List<Integer> batches = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean down;

    @Override
    public GameState newGame(String variant, VariantOptions options) {
        return call("NewGame", () -> operations.newGame(NewGameRequest.newBuilder().setVariant(variant).setOptions(options)
            .build()));
    }

    @Override
    public ApplyMoveResponse applyMove(GameState state, String move) {
        return call("ApplyMove", () -> operations.applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move)
            .setWithLegalMoves(true).build()));
    }

    @Override
    public List<Judged> applyMoves(List<ApplyMoveRequest> moves) {
        batches.add(moves.size());
        return call("ApplyMoves", () -> RulesClient.judged(operations.applyMoves(ApplyMovesRequest.newBuilder()
            .addAllMoves(moves).build(), e -> ERRORS.toStatus(e, "ApplyMove")), ADDRESS));
    }

    /** The sizes of the ApplyMoves calls so far, in order. */
    public List<Integer> batches() {
        return List.copyOf(batches);
    }

    @Override
    public LegalMovesResponse legalMoves(GameState state) {
        return call("LegalMoves", () -> operations.legalMoves(LegalMovesRequest.newBuilder().setState(state).build()));
    }

    @Override
    public GameState removeSeat(GameState state, int seat, EndReason reason) {
        return call("RemoveSeat", () -> operations.removeSeat(RemoveSeatRequest.newBuilder().setState(state).setSeat(seat)
            .setReason(reason).build()));
    }

    @Override
    public WriteRecordResponse writeRecord(String variant, VariantOptions options, List<String> moves,
                                           List<SeatLeaving> leavings, RecordHeaders headers) {
        return call("WriteRecord", () -> operations.writeRecord(WriteRecordRequest.newBuilder().setVariant(variant)
            .setOptions(options).addAllMoves(moves).addAllLeavings(leavings).setHeaders(headers).build()));
    }

    @Override
    public ListExercisesResponse listExercises() {
        return call("ListExercises", () -> exercises.listExercises(ListExercisesRequest.getDefaultInstance()));
    }

    @Override
    public Judgement judgeAnswer(JudgeAnswerRequest request) {
        return call("JudgeAnswer", () -> exercises.judgeAnswer(request));
    }

    @Override
    public ListPuzzlesResponse listPuzzles(String game, int offset, int limit) {
        return call("ListPuzzles", () -> puzzles.listPuzzles(ListPuzzlesRequest.newBuilder().setGame(game)
            .setOffset(offset).setLimit(limit).build()));
    }

    @Override
    public PuzzleJudgement judgePuzzleMove(JudgePuzzleMoveRequest request) {
        return call("JudgePuzzleMove", () -> puzzles.judgePuzzleMove(request));
    }

    /** From now on every call fails as if rules-service could not be reached. */
    public void goDown() {
        down = true;
    }

    public void comeBack() {
        down = false;
    }

    /** Calls answered so far (refusals and outages included). */
    public int calls() {
        return calls.get();
    }

    private <T> T call(String method, Supplier<T> work) {
        calls.incrementAndGet();
        if (down) {
            throw RulesClient.refusal(method, Status.UNAVAILABLE.withDescription("test outage").asRuntimeException(), ADDRESS);
        }
        try {
            return work.get();
        } catch (LobbyException e) {
            throw e;
        } catch (RuntimeException e) {
            throw RulesClient.refusal(method, ERRORS.toStatus(e, method), ADDRESS);
        }
    }
}
