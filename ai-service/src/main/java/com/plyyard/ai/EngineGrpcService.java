package com.plyyard.ai;

import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * plyyard.v1.EngineService. Both methods are {@link Blocking}: the search runs on a worker thread, never on the
 * event loop, and Analyze's lines are sent from that thread. Each call ends exactly once, with its answer (or
 * its lines and completion) or a status carrying a human sentence; nothing is sent to a departed client.
 */
@GrpcService
public class EngineGrpcService extends EngineServiceGrpc.EngineServiceImplBase {
    @Inject
    EngineLogic logic;

    @Override
    @Blocking
    public void bestMove(BestMoveRequest request, StreamObserver<BestMoveResponse> out) {
        Call call = new Call(out);
        BestMoveResponse result;
        try {
            result = logic.bestMove(request, call::gone);
        } catch (Throwable t) {
            call.fail(AiErrors.toStatus(t, "BestMove"), out);
            return;
        }
        if (!call.gone()) {
            out.onNext(result);
            out.onCompleted();
        }
    }

    @Override
    @Blocking
    public void analyze(BestMoveRequest request, StreamObserver<AnalysisLine> out) {
        Call call = new Call(out);
        try {
            logic.analyze(request, call::gone, line -> {
                if (call.gone()) {
                    return;
                }
                try {
                    out.onNext(line);
                } catch (RuntimeException e) {
                    call.left(); // the stream was closed under us (cancelled): stop searching
                }
            });
        } catch (Throwable t) {
            call.fail(AiErrors.toStatus(t, "Analyze"), out);
            return;
        }
        if (!call.gone()) {
            out.onCompleted();
        }
    }

    /**
     * Whether the client is still there. It counts as gone when the call is cancelled (client cancellation or
     * deadline). On Quarkus's Vert.x transport ({@code use-separate-server=false}) only
     * {@link ServerCallStreamObserver#isCancelled()} sees that while the method is still running (see
     * rules-service's RulesGrpcService); the io.grpc {@link Context} and the on-cancel handler are kept for the
     * grpc-java server transport. {@code EngineServiceTest} checks that cancelled searches stop.
     */
    private static final class Call {
        private final Context context = Context.current();
        private final Deadline deadline = Context.current().getDeadline();
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final ServerCallStreamObserver<?> call;

        Call(StreamObserver<?> out) {
            call = out instanceof ServerCallStreamObserver<?> s ? s : null;
            if (call != null) {
                call.setOnCancelHandler(() -> cancelled.set(true));
            }
        }

        boolean gone() {
            return cancelled.get() || context.isCancelled() || (deadline != null && deadline.isExpired())
                || (call != null && call.isCancelled());
        }

        void left() {
            cancelled.set(true);
        }

        void fail(StatusRuntimeException status, StreamObserver<?> out) {
            if (!gone()) {
                try {
                    out.onError(status);
                } catch (RuntimeException ignored) {
                    // closed meanwhile
                }
            }
        }
    }
}
