package com.plyyard.ai.hub;

import static com.plyyard.ai.hub.HubEngineServiceTest.assertLegal;
import static com.plyyard.ai.hub.HubEngineServiceTest.best;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.proto.v1.BestMoveResponse;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.SearchLimits;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A configured external engine that does not exist: every request is answered by ours, none fails. */
@Timeout(60)
@QuarkusTest
@TestProfile(HubMissingEngineTest.MissingEngine.class)
class HubMissingEngineTest {
    public static class MissingEngine implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("plyyard.ai.hub.command", "/nonexistent/plyyard-hub-engine hub");
        }
    }

    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    @Test
    void ourEngineAnswers() {
        Position start = Variants.get("draughts:fmjd").start();
        for (int i = 0; i < 2; i++) {
            BestMoveResponse r = best(ai, start, SearchLimits.newBuilder().setDepth(3));
            assertEquals("plyyard", r.getEngine());
            assertLegal(start, r);
        }
    }
}
