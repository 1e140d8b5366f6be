package com.plyyard.grpc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Channel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;

/** What every Ply Yard server offers besides its own service: gRPC health and both reflection versions. */
public final class ServingProbe {
    private ServingProbe() {
    }

    /**
     * Health answers SERVING for the server as a whole and for {@code service} (e.g. "plyyard.v1.RulesService"), and
     * reflection (v1 and v1alpha) lists {@code service}.
     */
    public static void assertServingAndListed(Channel channel, String service) throws Exception {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
        assertEquals(ServingStatus.SERVING, health.check(HealthCheckRequest.getDefaultInstance()).getStatus(),
            "the server's health");
        assertEquals(ServingStatus.SERVING, health.check(HealthCheckRequest.newBuilder().setService(service).build())
            .getStatus(), service + "'s health");
        assertTrue(ReflectionProbe.listServicesV1(channel).contains(service), "reflection v1 lists " + service);
        assertTrue(ReflectionProbe.listServicesV1alpha(channel).contains(service), "reflection v1alpha lists " + service);
    }
}
