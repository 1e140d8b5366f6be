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
    void anUnreachableDatabaseIsUnavailableWithASentence() {
        for (String state : new String[] {"08006", "08001", "57P01"}) {
            StatusRuntimeException status = ErrorMapper.toStatus(new IllegalStateException("tx",
                new java.sql.SQLException("An I/O error occurred while sending to the backend.", state)), "SubmitMove");
            assertEquals(Status.Code.UNAVAILABLE, status.getStatus().getCode(), state);
            assertEquals(ErrorMapper.DATABASE_SENTENCE, status.getStatus().getDescription());
        }
        StatusRuntimeException timeout = ErrorMapper.toStatus(new java.sql.SQLException(
            "Acquisition timeout while waiting for new connection"), "GetMatch");
        assertEquals(Status.Code.UNAVAILABLE, timeout.getStatus().getCode());
        StatusRuntimeException other = ErrorMapper.toStatus(new java.sql.SQLException("syntax", "42601"), "GetMatch");
        assertEquals(Status.Code.INTERNAL, other.getStatus().getCode(), "a bug in a query is not an outage");
    }

    @Test
    void anythingElseIsInternalWithoutLeakingItsMessage() {
        StatusRuntimeException status = ErrorMapper.toStatus(new NullPointerException("secret detail"), "SubmitMove");
        assertEquals(Status.Code.INTERNAL, status.getStatus().getCode());
        assertEquals(ErrorMapper.INTERNAL_SENTENCE, status.getStatus().getDescription());
    }
}
