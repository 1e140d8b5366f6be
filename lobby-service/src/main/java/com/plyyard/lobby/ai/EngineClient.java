package com.plyyard.lobby.ai;

import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Level;
import com.plyyard.proto.v1.SearchLimits;
import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.quarkus.grpc.GrpcClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** ai-service over gRPC ({@code quarkus.grpc.clients.ai}, default localhost:7072): the AI seats' moves. */
@ApplicationScoped
public class EngineClient {
    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub stub;

    @GrpcClient("ai")
    Channel channel;

    @ConfigProperty(name = "plyyard.lobby.ai.deadline-seconds", defaultValue = "30")
    long deadlineSeconds;

    @ConfigProperty(name = "quarkus.grpc.clients.ai.host", defaultValue = "localhost")
    String host;

    @ConfigProperty(name = "quarkus.grpc.clients.ai.port", defaultValue = "7072")
    int port;

    /**
     * The engine's move for a seat of the given level (1..5): with the seat's clock when the match has one (the
     * engine spends a share of it), else the level's own budget.
     *
     * @param clockMillis the seat's time left, or -1 without a clock
     * @throws io.grpc.StatusRuntimeException whatever ai-service or the channel answered
     */
    public BestMoveResponse bestMove(GameState state, int level, long clockMillis, long incrementMillis, long seed) {
        SearchLimits.Builder limits = SearchLimits.newBuilder().setLevel(Level.forNumber(Math.max(1, Math.min(5, level))))
            .setSeed(seed);
        if (clockMillis >= 0) {
            limits.setClockMillis(clockMillis).setIncrementMillis(incrementMillis);
        }
        return stub.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS)
            .bestMove(BestMoveRequest.newBuilder().setState(state).setLimits(limits).build());
    }

    /** After a failure: the next call connects at once instead of waiting out the channel's own reconnect backoff. */
    public void resetBackoff() {
        if (channel instanceof ManagedChannel managed) {
            managed.resetConnectBackoff();
        }
    }

    public String address() {
        return host + ":" + port;
    }
}
