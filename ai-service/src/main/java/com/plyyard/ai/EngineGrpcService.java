package com.plyyard.ai;

import com.plyyard.grpc.CallCancellation;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.EvaluateRequest;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * plyyard.v1.EngineService. Every method is {@link Blocking}: the search runs on a worker thread, never on the
 * event loop, and Analyze's lines and ReviewGame's progress are sent from that thread. Each call ends exactly once,
 * with its answer (or its items and completion) or a status carrying a human sentence; nothing is sent to a departed
 * client.
 */
@GrpcService
public class EngineGrpcService extends EngineServiceGrpc.EngineServiceImplBase {
    @Inject
    EngineLogic logic;

    @Inject
    GameReviews reviews;

    @Override
    @Blocking
    public void bestMove(BestMoveRequest request, StreamObserver<BestMoveResponse> out) {
        CallCancellation call = CallCancellation.of(out);
        BestMoveResponse result;
        try {
            result = logic.bestMove(request, call::clientGone);
        } catch (Throwable t) {
            call.fail(out, AiErrors.toStatus(t, "BestMove"));
            return;
        }
        if (!call.clientGone()) {
            out.onNext(result);
            out.onCompleted();
        }
    }

    @Override
    @Blocking
    public void evaluate(EvaluateRequest request, StreamObserver<EvaluateResponse> out) {
        CallCancellation call = CallCancellation.of(out);
        EvaluateResponse result;
        try {
            result = logic.evaluate(request, call::clientGone);
        } catch (Throwable t) {
            call.fail(out, AiErrors.toStatus(t, "Evaluate"));
            return;
        }
        if (!call.clientGone()) {
            out.onNext(result);
            out.onCompleted();
        }
    }

    @Override
    @Blocking
    public void analyze(BestMoveRequest request, StreamObserver<AnalysisLine> out) {
        stream("Analyze", out, (gone, send) -> logic.analyze(request, gone, send));
    }

    @Override
    @Blocking
    public void reviewGame(ReviewGameRequest request, StreamObserver<ReviewProgress> out) {
        stream("ReviewGame", out, (gone, send) -> reviews.review(request, gone, send));
    }

    /** A server-streaming call's work, run on this thread: what it sends goes out while the client is there. */
    private static <T> void stream(String method, StreamObserver<T> out, BiConsumer<BooleanSupplier, Consumer<T>> work) {
        CallCancellation call = CallCancellation.of(out);
        try {
            work.accept(call::clientGone, item -> {
                if (call.clientGone()) {
                    return;
                }
                try {
                    out.onNext(item);
                } catch (RuntimeException e) {
                    call.markGone(); // the stream was closed under us (cancelled): stop the work
                }
            });
        } catch (Throwable t) {
            call.fail(out, AiErrors.toStatus(t, method));
            return;
        }
        if (!call.clientGone()) {
            out.onCompleted();
        }
    }
}
