package com.plyyard.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.grpc.testing.GrpcAssertions;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** The error model without a server. */
class ServiceErrorsTest {
    @Test
    void engineExceptionsKeepTheirSentence() {
        var invalid = ServiceErrors.toStatus(new InvalidInputException("Bad FEN here."), "Test");
        assertEquals(Status.Code.INVALID_ARGUMENT, invalid.getStatus().getCode());
        assertEquals("Bad FEN here.", invalid.getStatus().getDescription());
        assertEquals(Status.Code.FAILED_PRECONDITION,
            ServiceErrors.toStatus(new IllegalMoveException("Not legal here."), "Test").getStatus().getCode());
        assertEquals(Status.Code.FAILED_PRECONDITION,
            ServiceErrors.toStatus(new GameOverException("The game is over."), "Test").getStatus().getCode());
    }

    @Test
    void unexpectedFailuresBecomeInternalWithAGenericSentence() {
        var internal = ServiceErrors.toStatus(new NullPointerException("secret detail"), "Test");
        assertEquals(Status.Code.INTERNAL, internal.getStatus().getCode());
        assertEquals(ServiceErrors.INTERNAL_SENTENCE, internal.getStatus().getDescription());
        GrpcAssertions.assertSentence(internal.getStatus().getDescription());
    }
}
