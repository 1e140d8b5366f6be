package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.ListenableFuture;
import com.plyyard.proto.v1.PerftRequest;
import com.plyyard.proto.v1.PerftResponse;
import com.plyyard.proto.v1.RulesServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server-side perft budget: time per count and concurrent counts, both set small here. */
@QuarkusTest
@TestProfile(PerftBudgetTest.SmallBudget.class)
class PerftBudgetTest {
    public static class SmallBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("plyyard.rules.perft.max-millis", "1500", "plyyard.rules.perft.max-concurrent", "1");
        }
    }

    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    @GrpcClient("rules")
    io.grpc.Channel channel;

    @Inject
    PerftLimits limits;

    private static PerftRequest deep() {
        return PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(12).build();
    }

    @Test
    void perftBeyondTheTimeBudget() {
        long t0 = System.nanoTime();
        String d = assertStatus(Status.Code.RESOURCE_EXHAUSTED, () -> rules.perft(deep()));
        assertTrue(d.contains("1500 ms budget"), d);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(15), "the budget did not stop the count");
        assertEquals(4265, rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(4).build()).getNodes());
    }

    @Test
    void tooManyConcurrentPerfts() throws Exception {
        assertEquals(1, limits.maxConcurrent());
        ListenableFuture<PerftResponse> first = RulesServiceGrpc.newFutureStub(channel).perft(deep());
        long until = System.currentTimeMillis() + 10_000;
        while (limits.running() == 0 && System.currentTimeMillis() < until) {
            Thread.sleep(5);
        }
        assertEquals(1, limits.running());
        String d = assertStatus(Status.Code.RESOURCE_EXHAUSTED,
            () -> rules.perft(PerftRequest.newBuilder().setVariant("draughts:fmjd").setDepth(1).build()));
        assertTrue(d.contains("limit"), d);
        ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
            () -> first.get(20, TimeUnit.SECONDS));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, ((StatusRuntimeException) e.getCause()).getStatus().getCode());
    }
}
