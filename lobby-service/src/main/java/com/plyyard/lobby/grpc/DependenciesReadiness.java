package com.plyyard.lobby.grpc;

import com.plyyard.lobby.ai.AiConfig;
import io.grpc.StatusRuntimeException;
import grpc.health.v1.HealthGrpc;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.quarkus.grpc.GrpcClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness follows the services the lobby needs: rules-service (no move without it) and, when AI seats are enabled,
 * ai-service, asked with the standard gRPC health check (1 s deadline). A lobby whose dependency is down is alive —
 * liveness stays up, it needs no restart — but not ready: a load balancer sends players elsewhere until it returns.
 * The database has Quarkus' own readiness check.
 */
public final class DependenciesReadiness {
    private static final long DEADLINE_MILLIS = 1000;

    private DependenciesReadiness() {
    }

    static org.eclipse.microprofile.health.HealthCheckResponse probe(String name, HealthGrpc.HealthBlockingStub health,
                                                                    String service) {
        HealthCheckResponseBuilder r = org.eclipse.microprofile.health.HealthCheckResponse.named(name);
        try {
            HealthCheckResponse.ServingStatus status = health.withDeadlineAfter(DEADLINE_MILLIS, TimeUnit.MILLISECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
            return (status == HealthCheckResponse.ServingStatus.SERVING ? r.up() : r.down()).withData("status", status.name())
                .build();
        } catch (StatusRuntimeException e) {
            return r.down().withData("status", e.getStatus().getCode().name()).build();
        }
    }

    @Readiness
    @ApplicationScoped
    public static class RulesService implements HealthCheck {
        @GrpcClient("rules")
        HealthGrpc.HealthBlockingStub health;

        @Override
        public org.eclipse.microprofile.health.HealthCheckResponse call() {
            return probe("rules-service", health, "plyyard.v1.RulesService");
        }
    }

    @Readiness
    @ApplicationScoped
    public static class AiService implements HealthCheck {
        @GrpcClient("ai")
        HealthGrpc.HealthBlockingStub health;

        @Inject
        AiConfig ai;

        @Override
        public org.eclipse.microprofile.health.HealthCheckResponse call() {
            if (!ai.enabled()) {
                return org.eclipse.microprofile.health.HealthCheckResponse.named("ai-service").up()
                    .withData("status", "not used (plyyard.lobby.ai.enabled=false)").build();
            }
            return probe("ai-service", health, "plyyard.v1.EngineService");
        }
    }
}
