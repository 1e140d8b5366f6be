package com.plyyard.proto.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generated jar holds the contracts: messages, the service and its stubs. */
class ContractsTest {
    @Test
    void rulesServiceHasItsMethods() {
        ServiceDescriptor service = RulesProto.getDescriptor().findServiceByName("RulesService");
        assertEquals("plyyard.v1.RulesService", service.getFullName());
        assertEquals(List.of("ListVariants", "NewGame", "LegalMoves", "ApplyMove", "ApplyMoves", "ParsePosition", "FormatPosition", "Perft",
            "RemoveSeat", "WriteRecord"),
            service.getMethods().stream().map(m -> m.getName()).toList());
        assertEquals("plyyard.v1.RulesService", RulesServiceGrpc.SERVICE_NAME);
    }

    @Test
    void gameStateRoundTripsThroughBytes() throws Exception {
        GameState state = GameState.newBuilder()
            .setVariant(Variant.newBuilder().setId("draughts:plyyard").setGame(Game.DRAUGHTS)
                .setOptions(VariantOptions.newBuilder().setDraughts(DraughtsOptions.newBuilder().setNoCaptureDrawPlies(0))))
            .setPosition("B:W31-50:B1-20")
            .setDraughts(DraughtsBoard.newBuilder().addPieces(DraughtsPiece.newBuilder().setSquare(1)))
            .addDrawCounters(DrawCounter.newBuilder().setRule("no-capture").setPlies(3).setLimit(50))
            .addRepetitionKeys(-1L)
            .setPly(7)
            .build();
        GameState back = GameState.parseFrom(state.toByteArray());
        assertEquals(state, back);
        assertTrue(back.getVariant().getOptions().getDraughts().hasNoCaptureDrawPlies(), "explicit 0 survives (optional field)");
        assertEquals(-1L, back.getRepetitionKeys(0), "fixed64 keys keep all 64 bits");
    }
}
