package com.plyyard.rules;

import com.plyyard.grpc.CallCancellation;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.ApplyMovesRequest;
import com.plyyard.proto.v1.ApplyMovesResponse;
import com.plyyard.proto.v1.FormatPositionRequest;
import com.plyyard.proto.v1.FormatPositionResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LegalMovesRequest;
import com.plyyard.proto.v1.LegalMovesResponse;
import com.plyyard.proto.v1.ListVariantsRequest;
import com.plyyard.proto.v1.ListVariantsResponse;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PerftResponse;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.WriteRecordRequest;
import com.plyyard.proto.v1.WriteRecordResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import java.util.function.BooleanSupplier;

/**
 * plyyard.v1.RulesService. Each call answers exactly once, with a result or a status carrying a human sentence.
 *
 * <p>Where the work runs: {@code ApplyMove} and {@code LegalMoves}, the lobby's per-move calls, and {@code ApplyMoves} run on the event loop
 * that received them. Their work is one position's move generation (microseconds; the request is at most 1 MiB, the
 * edge guard's bound, and already parsed when the method runs), less than the hand-over to a worker and back costs on
 * a busy machine: measured paired, one match's SubmitMove p50 went from 7.5 to 5 ms (docs/benchmarks.md). Every other
 * method is {@link Blocking}: perft and a position's parsing can take long, and the others are not on a hot path.
 */
@GrpcService
public class RulesGrpcService extends RulesServiceGrpc.RulesServiceImplBase {
    @Inject
    RulesLogic logic;

    @Override
    @Blocking
    public void listVariants(ListVariantsRequest request, StreamObserver<ListVariantsResponse> out) {
        unary("ListVariants", request, out, (r, gone) -> logic.listVariants(r));
    }

    @Override
    @Blocking
    public void newGame(NewGameRequest request, StreamObserver<GameState> out) {
        unary("NewGame", request, out, (r, gone) -> logic.newGame(r));
    }

    @Override
    public void legalMoves(LegalMovesRequest request, StreamObserver<LegalMovesResponse> out) {
        unary("LegalMoves", request, out, (r, gone) -> logic.legalMoves(r));
    }

    @Override
    public void applyMove(ApplyMoveRequest request, StreamObserver<ApplyMoveResponse> out) {
        unary("ApplyMove", request, out, (r, gone) -> logic.applyMove(r));
    }

    /** On the event loop too: at most 64 moves of microseconds each (GameOperations.MAX_BATCH). */
    @Override
    public void applyMoves(ApplyMovesRequest request, StreamObserver<ApplyMovesResponse> out) {
        unary("ApplyMoves", request, out, (r, gone) -> logic.applyMoves(r));
    }

    @Override
    @Blocking
    public void parsePosition(ParsePositionRequest request, StreamObserver<GameState> out) {
        unary("ParsePosition", request, out, (r, gone) -> logic.parsePosition(r));
    }

    @Override
    @Blocking
    public void formatPosition(FormatPositionRequest request, StreamObserver<FormatPositionResponse> out) {
        unary("FormatPosition", request, out, (r, gone) -> logic.formatPosition(r));
    }

    @Override
    @Blocking
    public void perft(PerftRequest request, StreamObserver<PerftResponse> out) {
        unary("Perft", request, out, logic::perft);
    }

    @Override
    @Blocking
    public void removeSeat(RemoveSeatRequest request, StreamObserver<GameState> out) {
        unary("RemoveSeat", request, out, (r, gone) -> logic.removeSeat(r));
    }

    @Override
    @Blocking
    public void writeRecord(WriteRecordRequest request, StreamObserver<WriteRecordResponse> out) {
        unary("WriteRecord", request, out, (r, gone) -> logic.writeRecord(r));
    }

    @FunctionalInterface
    interface Work<Q, R> {
        R apply(Q request, BooleanSupplier clientGone);
    }

    /** Runs one unary call: errors become statuses, and a result for a departed client is dropped. */
    static <Q, R> void unary(String method, Q request, StreamObserver<R> out, Work<Q, R> work) {
        CallCancellation call = CallCancellation.of(out);
        R result;
        try {
            result = work.apply(request, call::clientGone);
        } catch (Throwable t) {
            call.fail(out, ServiceErrors.toStatus(t, method)); // logs the unexpected
            return;
        }
        if (call.clientGone()) {
            return;
        }
        out.onNext(result);
        out.onCompleted();
    }
}
