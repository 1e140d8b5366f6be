package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.LobbyException;
import io.grpc.Status;
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

    /** A lobby started without a key refuses every operator call, whatever it presents, and says how to give it one. */
    @Test
    void withoutAKeyEveryOperatorCallIsDenied() {
        for (String presented : new String[] {null, "k".repeat(32), "anything"}) {
            LobbyException e = assertThrows(LobbyException.class, () -> with(Optional.empty()).requireOperator(presented));
            assertEquals(Status.Code.PERMISSION_DENIED, ErrorMapper.code(e.kind()));
            assertEquals("Operator calls are disabled on this lobby: it was started without an operator key "
                + "(plyyard.lobby.operator.key, env OPERATOR_KEY).", e.sentence());
        }
    }

    @Test
    void noKeyOrALongOneIsFine() {
        assertDoesNotThrow(() -> with(Optional.empty()).checkKey(null));
        assertDoesNotThrow(() -> with(Optional.of("k".repeat(32))).checkKey(null));
    }
}
