package com.plyyard.ai;

import com.plyyard.grpc.CallCancellation;
import com.plyyard.proto.v1.AnalysisLine;
import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;

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
    public void analyze(BestMoveRequest request, StreamObserver<AnalysisLine> out) {
        CallCancellation call = CallCancellation.of(out);
        try {
            logic.analyze(request, call::clientGone, line -> {
                if (call.clientGone()) {
                    return;
                }
                try {
                    out.onNext(line);
                } catch (RuntimeException e) {
                    call.markGone(); // the stream was closed under us (cancelled): stop searching
                }
            });
        } catch (Throwable t) {
            call.fail(out, AiErrors.toStatus(t, "Analyze"));
            return;
        }
        if (!call.clientGone()) {
            out.onCompleted();
        }
    }
}
