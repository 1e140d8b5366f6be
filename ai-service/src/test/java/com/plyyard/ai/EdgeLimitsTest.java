package com.plyyard.ai;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.proto.v1.BestMoveRequest;
import com.plyyard.proto.v1.EngineServiceGrpc;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.SearchLimits;
import com.plyyard.proto.v1.Variant;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** ai-service's edge over a real channel: huge or control-character text is refused, naming the field's path. */
@Timeout(60)
@QuarkusTest
class EdgeLimitsTest {
    @GrpcClient("ai")
    EngineServiceGrpc.EngineServiceBlockingStub ai;

    private static BestMoveRequest request(String variant, String position) {
        return BestMoveRequest.newBuilder().setState(GameState.newBuilder()
            .setVariant(Variant.newBuilder().setId(variant)).setPosition(position))
            .setLimits(SearchLimits.newBuilder().setDepth(1)).build();
    }

    @Test
    void aHugePositionIsRefusedByItsPath() {
        assertEquals("The field 'state.position' is longer than 1024 characters (80000).",
            assertStatus(Status.Code.INVALID_ARGUMENT, () -> ai.bestMove(request("draughts:fmjd", "W".repeat(80_000)))));
    }

    @Test
    void aControlCharacterInTheVariantIsRefused() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> ai.bestMove(request("piracy:classic\u0007", "")));
        assertTrue(d.contains("'state.variant.id'") && d.contains("U+0007"), d);
    }
}
