package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

class ErrorModelTest {
    private final ErrorModel model = new ErrorModel("test-service", "The test service failed unexpectedly.",
        t -> t instanceof IllegalArgumentException ? Statuses.invalid(t.getMessage()) : Statuses.passThrough(t));

    @Test
    void anExpectedFailureBecomesItsStatus() {
        StatusRuntimeException s = model.toStatus(new IllegalArgumentException("No move given."), "ApplyMove");
        assertEquals(Status.Code.INVALID_ARGUMENT, s.getStatus().getCode());
        assertEquals("No move given.", s.getStatus().getDescription());
    }

    @Test
    void aStatusThrownOnPurposePassesAsItIs() {
        StatusRuntimeException thrown = Statuses.resourceExhausted("Too many searches.");
        assertSame(thrown, model.toStatus(thrown, "BestMove"));
    }

    @Test
    void anythingElseIsInternalWithTheServiceSentence() {
        StatusRuntimeException s = model.toStatus(new NullPointerException(), "NewGame");
        assertEquals(Status.Code.INTERNAL, s.getStatus().getCode());
        assertEquals("The test service failed unexpectedly.", s.getStatus().getDescription());
    }
}
