package com.plyyard.mapping;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;

/**
 * The error model rules-service and ai-service share: every failure becomes a gRPC status with one human sentence.
 *
 * <ul>
 *   <li>{@link InvalidInputException} (malformed position, state, move or option; unknown variant; bad limits)
 *   → INVALID_ARGUMENT;
 *   <li>{@link IllegalMoveException} and its subclass {@code GameOverException} → FAILED_PRECONDITION;
 *   <li>a status thrown on purpose → itself;
 *   <li>anything else is unexpected: {@link #known} answers null, and the service logs it and answers INTERNAL.
 * </ul>
 */
public final class Statuses {
    private Statuses() {
    }

    public static StatusRuntimeException invalid(String sentence) {
        return Status.INVALID_ARGUMENT.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException failedPrecondition(String sentence) {
        return Status.FAILED_PRECONDITION.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException resourceExhausted(String sentence) {
        return Status.RESOURCE_EXHAUSTED.withDescription(sentence).asRuntimeException();
    }

    /** The status for an expected failure, or null for an unexpected one (to be logged and answered INTERNAL). */
    public static StatusRuntimeException known(Throwable t) {
        if (t instanceof StatusRuntimeException s) {
            return s;
        }
        if (t instanceof StatusException s) {
            return s.getStatus().asRuntimeException(s.getTrailers());
        }
        if (t instanceof InvalidInputException) {
            return invalid(sentence(t));
        }
        if (t instanceof IllegalMoveException) {
            return failedPrecondition(sentence(t));
        }
        return null;
    }

    private static String sentence(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? "The request was rejected (" + t.getClass().getSimpleName() + ")." : message;
    }
}
