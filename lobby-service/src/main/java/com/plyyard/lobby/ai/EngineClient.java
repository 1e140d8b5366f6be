package com.plyyard.lobby.ai;

import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.EvaluateRequest;
import com.plyyard.proto.v1.EvaluateResponse;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.ReviewGameRequest;
import com.plyyard.proto.v1.ReviewProgress;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * ai-service over gRPC ({@code quarkus.grpc.clients.ai}, default localhost:7072): the AI seats' moves and the game
 * reviews. Like the rules-service client, the only place of its package that sees gRPC statuses: every failure leaves
 * as an {@link EngineUnavailable} naming the status code.
 */
@ApplicationScoped
public class EngineClient implements AiEngine {
    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub stub;

    @GrpcClient("ai")
    Channel channel;

    @Inject
    AiConfig config;

    @ConfigProperty(name = "quarkus.grpc.clients.ai.host", defaultValue = "localhost")
    String host;

    @ConfigProperty(name = "quarkus.grpc.clients.ai.port", defaultValue = "7072")
    int port;

    @Override
    public BestMoveResponse bestMove(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
        SearchLimits.Builder limits = SearchLimits.newBuilder().setLevel(Level.forNumber(Math.max(1, Math.min(5, level))))
            .setSeed(seed);
        if (clockMillis >= 0) {
            limits.setClockMillis(clockMillis).setIncrementMillis(incrementMillis);
        }
        try {
            return stub.withDeadlineAfter(config.deadline().toMillis(), TimeUnit.MILLISECONDS)
                .bestMove(BestMoveRequest.newBuilder().setState(state).setLimits(limits).build());
        } catch (StatusRuntimeException e) {
            throw unavailable(e);
        }
    }

    /** Within the budget and a few seconds more for the call itself (a slow channel is a failure like any). */
    @Override
    public EvaluateResponse evaluate(GameState state, int seat, long budgetMillis) {
        try {
            return stub.withDeadlineAfter(budgetMillis + 5_000, TimeUnit.MILLISECONDS).evaluate(EvaluateRequest.newBuilder()
                .setState(state).setSeat(seat).setLimits(SearchLimits.newBuilder()
                    .setMoveTimeMillis((int) Math.max(1, Math.min(Integer.MAX_VALUE, budgetMillis)))).build());
        } catch (StatusRuntimeException e) {
            throw unavailable(e);
        }
    }

    @Override
    public ReviewStream review(ReviewGameRequest request, long deadlineMillis) {
        // its own cancellable context: closing the stream cancels the call, whoever reads it
        Context.CancellableContext call = Context.current().fork().withCancellation();
        Iterator<ReviewProgress> items;
        Context previous = call.attach();
        try {
            items = stub.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS).reviewGame(request);
        } finally {
            call.detach(previous);
        }
        return new ReviewStream() {
            @Override
            public boolean hasNext() {
                return reading(items::hasNext);
            }

            @Override
            public ReviewProgress next() {
                return reading(items::next);
            }

            @Override
            public void close() {
                call.cancel(null);
            }
        };
    }

    /** A read of a stream from ai-service, its failure as the lobby sees it. */
    private <T> T reading(java.util.function.Supplier<T> read) {
        try {
            return read.get();
        } catch (StatusRuntimeException e) {
            throw unavailable(e);
        }
    }

    /** The failure as the lobby sees it; the next call connects at once instead of waiting out the reconnect backoff. */
    private EngineUnavailable unavailable(StatusRuntimeException e) {
        if (channel instanceof ManagedChannel managed) {
            managed.resetConnectBackoff();
        }
        return new EngineUnavailable(e.getStatus().getCode().name(), e.getStatus().getDescription());
    }

    @Override
    public String address() {
        return host + ":" + port;
    }
}
