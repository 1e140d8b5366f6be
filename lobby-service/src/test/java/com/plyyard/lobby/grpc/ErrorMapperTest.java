package com.plyyard.lobby.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one place where domain refusals become gRPC statuses. */
class ErrorMapperTest {
    @Test
    void everyKindHasItsOwnStatusCodeOfTheSameName() {
        Set<Status.Code> seen = EnumSet.noneOf(Status.Code.class);
        for (ErrorKind kind : ErrorKind.values()) {
            Status.Code code = ErrorMapper.code(kind);
            assertEquals(kind.name(), code.name());
            seen.add(code);
        }
        assertEquals(ErrorKind.values().length, seen.size());
    }

    @Test
    void aRefusalKeepsItsSentenceEvenWhenWrapped() {
        StatusRuntimeException status = ErrorMapper.toStatus(
            new IllegalStateException("transaction failed", LobbyException.failedPrecondition("It is not your turn.")),
            "SubmitMove");
        assertEquals(Status.Code.FAILED_PRECONDITION, status.getStatus().getCode());
        assertEquals("It is not your turn.", status.getStatus().getDescription());
    }

    @Test
    void anythingElseIsInternalWithoutLeakingItsMessage() {
        StatusRuntimeException status = ErrorMapper.toStatus(new NullPointerException("secret detail"), "SubmitMove");
        assertEquals(Status.Code.INTERNAL, status.getStatus().getCode());
        assertEquals(ErrorMapper.INTERNAL_SENTENCE, status.getStatus().getDescription());
    }
}
