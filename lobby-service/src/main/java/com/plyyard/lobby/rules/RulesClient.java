package com.plyyard.lobby.rules;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ApplyMoveResult;
import com.plyyard.proto.v1.ApplyMovesRequest;
import com.plyyard.proto.v1.ApplyMovesResponse;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.ExerciseServiceGrpc;
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
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.VariantOptions;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * rules-service over gRPC: everything the lobby knows about the rules comes from here. Every failure becomes a
 * {@link LobbyException} right here (this class and the AI's engine client are the only ones below the gRPC edge that
 * see gRPC statuses): its INVALID_ARGUMENT, FAILED_PRECONDITION and NOT_FOUND answers keep the rules' sentence; an
 * unreachable or silent service becomes UNAVAILABLE naming it.
 */
@ApplicationScoped
public class RulesClient implements Rules {
    private static final Logger LOG = Logger.getLogger(RulesClient.class);

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub stub;

    @GrpcClient("rules")
    ExerciseServiceGrpc.ExerciseServiceBlockingStub exerciseStub;

    @Inject
    RulesConfig config;

    @ConfigProperty(name = "quarkus.grpc.clients.rules.host", defaultValue = "localhost")
    String host;

    @ConfigProperty(name = "quarkus.grpc.clients.rules.port", defaultValue = "7071")
    int port;

    @Override
    public GameState newGame(String variant, VariantOptions options) {
        return call("NewGame", () -> rules().newGame(NewGameRequest.newBuilder().setVariant(variant).setOptions(options).build()));
    }

    @Override
    public ApplyMoveResponse applyMove(GameState state, String move) {
        return call("ApplyMove", () -> rules().applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move)
            .setWithLegalMoves(true).build()));
    }

    @Override
    public List<Judged> applyMoves(List<ApplyMoveRequest> moves) {
        ApplyMovesResponse answer = call("ApplyMoves", () -> rules().applyMoves(ApplyMovesRequest.newBuilder()
            .addAllMoves(moves).build()));
        if (answer.getResultsCount() != moves.size()) {
            throw LobbyException.internal("rules-service answered " + answer.getResultsCount() + " results for "
                + moves.size() + " moves; nothing was changed.");
        }
        return judged(answer, host + ":" + port);
    }

    /** Each result as the lobby takes it: an applied move, or the refusal its status makes ({@link #refusal}). */
    public static List<Judged> judged(ApplyMovesResponse answer, String address) {
        List<Judged> out = new ArrayList<>(answer.getResultsCount());
        for (ApplyMoveResult r : answer.getResultsList()) {
            if (r.hasApplied()) {
                out.add(new Judged(r.getApplied(), null));
            } else {
                Status status = Status.fromCodeValue(r.getRefused().getCode()).withDescription(r.getRefused().getDescription());
                out.add(new Judged(null, refusal("ApplyMove", status.asRuntimeException(), address)));
            }
        }
        return out;
    }

    @Override
    public LegalMovesResponse legalMoves(GameState state) {
        return call("LegalMoves", () -> rules().legalMoves(LegalMovesRequest.newBuilder().setState(state).build()));
    }

    @Override
    public GameState removeSeat(GameState state, int seat, EndReason reason) {
        return call("RemoveSeat", () -> rules().removeSeat(
            RemoveSeatRequest.newBuilder().setState(state).setSeat(seat).setReason(reason).build()));
    }

    @Override
    public WriteRecordResponse writeRecord(String variant, VariantOptions options, List<String> moves,
                                           List<SeatLeaving> leavings, RecordHeaders headers) {
        return call("WriteRecord", () -> rules().writeRecord(WriteRecordRequest.newBuilder().setVariant(variant)
            .setOptions(options).addAllMoves(moves).addAllLeavings(leavings).setHeaders(headers).build()));
    }

    @Override
    public ListExercisesResponse listExercises() {
        return call("ListExercises", () -> exercises().listExercises(ListExercisesRequest.getDefaultInstance()));
    }

    @Override
    public Judgement judgeAnswer(JudgeAnswerRequest request) {
        return call("JudgeAnswer", () -> exercises().judgeAnswer(request));
    }

    @Override
    public ListPuzzlesResponse listPuzzles(String game, int offset, int limit) {
        return call("ListPuzzles", () -> exercises().listPuzzles(ListPuzzlesRequest.newBuilder().setGame(game)
            .setOffset(offset).setLimit(limit).build()));
    }

    @Override
    public PuzzleJudgement judgePuzzleMove(JudgePuzzleMoveRequest request) {
        return call("JudgePuzzleMove", () -> exercises().judgePuzzleMove(request));
    }

    private ExerciseServiceGrpc.ExerciseServiceBlockingStub exercises() {
        return exerciseStub.withDeadlineAfter(config.deadline().toMillis(), TimeUnit.MILLISECONDS);
    }

    private RulesServiceGrpc.RulesServiceBlockingStub rules() {
        return stub.withDeadlineAfter(config.deadline().toMillis(), TimeUnit.MILLISECONDS);
    }

    private <T> T call(String method, Supplier<T> call) {
        try {
            return call.get();
        } catch (StatusRuntimeException e) {
            throw refusal(method, e, host + ":" + port);
        }
    }

    /**
     * What the lobby makes of a status rules-service answered: INVALID_ARGUMENT, FAILED_PRECONDITION and NOT_FOUND keep
     * the rules' sentence; an unreachable or silent service becomes UNAVAILABLE naming the service (its address is
     * logged, not told to the caller).
     */
    public static LobbyException refusal(String method, StatusRuntimeException e, String address) {
        String d = e.getStatus().getDescription();
        String sentence = d == null || d.isBlank() ? null : d;
        switch (e.getStatus().getCode()) {
            case INVALID_ARGUMENT -> {
                return refused(ErrorKind.INVALID_ARGUMENT, sentence);
            }
            case FAILED_PRECONDITION -> {
                return refused(ErrorKind.FAILED_PRECONDITION, sentence);
            }
            case NOT_FOUND -> {
                return refused(ErrorKind.NOT_FOUND, sentence);
            }
            case UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED -> {
                LOG.warnf("rules-service %s at %s failed: %s %s", method, address, e.getStatus().getCode(), d);
                // the address is in the log line above, for the operator; the caller needs only the service and what to do
                return LobbyException.unavailable("rules-service is not reachable right now; nothing was changed, try again "
                    + "in a moment.");
            }
            case RESOURCE_EXHAUSTED -> {
                return LobbyException.exhausted(sentence == null ? "rules-service is busy; try again in a moment." : sentence);
            }
            default -> {
                LOG.errorf(e, "rules-service %s failed", method);
                return LobbyException.internal("rules-service failed unexpectedly (" + e.getStatus().getCode()
                    + "); nothing was changed.");
            }
        }
    }

    private static LobbyException refused(ErrorKind kind, String sentence) {
        return new LobbyException(kind, sentence == null ? "rules-service refused the request without a reason." : sentence);
    }
}
