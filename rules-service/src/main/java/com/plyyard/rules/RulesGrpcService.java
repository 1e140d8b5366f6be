package com.plyyard.rules;

import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
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
import io.grpc.Context;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * plyyard.v1.RulesService. Every method is {@link Blocking}: the engine works on a worker thread, never on the
 * event loop. Each call answers exactly once, with a result or a status carrying a human sentence.
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
    @Blocking
    public void legalMoves(LegalMovesRequest request, StreamObserver<LegalMovesResponse> out) {
        unary("LegalMoves", request, out, (r, gone) -> logic.legalMoves(r));
    }

    @Override
    @Blocking
    public void applyMove(ApplyMoveRequest request, StreamObserver<ApplyMoveResponse> out) {
        unary("ApplyMove", request, out, (r, gone) -> logic.applyMove(r));
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

    @FunctionalInterface
    interface Work<Q, R> {
        R apply(Q request, BooleanSupplier clientGone);
    }

    /**
     * Runs one unary call: errors become statuses, and a result for a departed client is dropped.
     *
     * <p>The client counts as gone when the call is cancelled (client cancellation or deadline). On Quarkus's
     * Vert.x transport ({@code use-separate-server=false}) only {@link ServerCallStreamObserver#isCancelled()}
     * sees that while the method is still running: the io.grpc {@link Context} is not cancelled there, and the
     * on-cancel handler is queued behind the running method. The other two are kept for the grpc-java server
     * transport. {@code RulesServiceTest#perftStopsWhenTheClientGivesUp} checks it.
     */
    private static <Q, R> void unary(String method, Q request, StreamObserver<R> out, Work<Q, R> work) {
        Context context = Context.current();
        AtomicBoolean cancelled = new AtomicBoolean();
        ServerCallStreamObserver<R> call = out instanceof ServerCallStreamObserver<R> s ? s : null;
        if (call != null) {
            call.setOnCancelHandler(() -> cancelled.set(true));
        }
        BooleanSupplier gone = () -> cancelled.get() || context.isCancelled() || (call != null && call.isCancelled());
        R result;
        try {
            result = work.apply(request, gone);
        } catch (Throwable t) {
            io.grpc.StatusRuntimeException status = ServiceErrors.toStatus(t, method); // logs the unexpected
            if (!gone.getAsBoolean()) {
                out.onError(status);
            }
            return;
        }
        if (gone.getAsBoolean()) {
            return;
        }
        out.onNext(result);
        out.onCompleted();
    }
}
