package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class OperatorKeyCheckTest {
    private static OperatorGrpcService with(Optional<String> key) {
        OperatorGrpcService s = new OperatorGrpcService();
        s.config = () -> key;
        return s;
    }

    @Test
    void aShortOperatorKeyStopsTheStartWithASentence() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> with(Optional.of("short-key")).checkKey(null));
        assertTrue(e.getMessage().contains("at least 32 characters"), e.getMessage());
        assertTrue(!e.getMessage().contains("short-key"), "the key itself is not repeated");
    }

    @Test
    void noKeyOrALongOneIsFine() {
        assertDoesNotThrow(() -> with(Optional.empty()).checkKey(null));
        assertDoesNotThrow(() -> with(Optional.of("k".repeat(32))).checkKey(null));
    }
}
