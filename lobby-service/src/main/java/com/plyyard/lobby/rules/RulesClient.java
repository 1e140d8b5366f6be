package com.plyyard.lobby.rules;

import com.plyyard.lobby.grpc.LobbyErrors;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.ApplyMoveResponse;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.RemoveSeatRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import com.plyyard.proto.v1.VariantOptions;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * rules-service over gRPC: everything the lobby knows about the rules comes from here. Its INVALID_ARGUMENT
 * and FAILED_PRECONDITION answers pass through with the rules' sentence; an unreachable or silent service
 * becomes UNAVAILABLE naming it.
 */
@ApplicationScoped
public class RulesClient {
    private static final Logger LOG = Logger.getLogger(RulesClient.class);

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub stub;

    @ConfigProperty(name = "plyyard.lobby.rules-deadline-seconds", defaultValue = "10")
    long deadlineSeconds;

    @ConfigProperty(name = "quarkus.grpc.clients.rules.host", defaultValue = "localhost")
    String host;

    @ConfigProperty(name = "quarkus.grpc.clients.rules.port", defaultValue = "7071")
    int port;

    public GameState newGame(String variant, VariantOptions options) {
        return call("NewGame", () -> rules().newGame(NewGameRequest.newBuilder().setVariant(variant).setOptions(options).build()));
    }

    public ApplyMoveResponse applyMove(GameState state, String move) {
        return call("ApplyMove", () -> rules().applyMove(ApplyMoveRequest.newBuilder().setState(state).setMove(move).build()));
    }

    public GameState removeSeat(GameState state, int seat, EndReason reason) {
        return call("RemoveSeat", () -> rules().removeSeat(
            RemoveSeatRequest.newBuilder().setState(state).setSeat(seat).setReason(reason).build()));
    }

    private RulesServiceGrpc.RulesServiceBlockingStub rules() {
        return stub.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS);
    }

    private <T> T call(String method, Supplier<T> call) {
        try {
            return call.get();
        } catch (StatusRuntimeException e) {
            Status.Code code = e.getStatus().getCode();
            String d = e.getStatus().getDescription();
            switch (code) {
                case INVALID_ARGUMENT, FAILED_PRECONDITION, NOT_FOUND -> {
                    throw (d == null || d.isBlank() ? Status.fromCode(code).withDescription(
                        "rules-service refused the request without a reason.") : Status.fromCode(code).withDescription(d))
                        .asRuntimeException();
                }
                case UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED -> {
                    LOG.warnf("rules-service %s at %s:%d failed: %s %s", method, host, port, code, d);
                    throw LobbyErrors.unavailable("rules-service is not reachable at " + host + ":" + port
                        + "; nothing was changed, try again when it is back.");
                }
                case RESOURCE_EXHAUSTED -> throw LobbyErrors.exhausted(
                    d == null ? "rules-service is busy; try again in a moment." : d);
                default -> {
                    LOG.errorf(e, "rules-service %s failed", method);
                    throw Status.INTERNAL.withDescription("rules-service failed unexpectedly (" + code
                        + "); nothing was changed.").asRuntimeException();
                }
            }
        }
    }
}
