package com.plyyard.mapping;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.grpc.Statuses;
import io.grpc.StatusRuntimeException;

/**
 * The engine's part of the error model rules-service and ai-service share (grpc-common's {@link Statuses}):
 *
 * <ul>
 *   <li>{@link InvalidInputException} (malformed position, state, move or option; unknown variant; bad limits)
 *   → INVALID_ARGUMENT;
 *   <li>{@link IllegalMoveException} and its subclass {@code GameOverException} → FAILED_PRECONDITION;
 *   <li>a status thrown on purpose → itself;
 *   <li>anything else is unexpected: {@link #known} answers null, and the service logs it and answers INTERNAL.
 * </ul>
 */
public final class EngineStatuses {
    private EngineStatuses() {
    }

    /** The status for an expected failure, or null for an unexpected one (to be logged and answered INTERNAL). */
    public static StatusRuntimeException known(Throwable t) {
        if (t instanceof InvalidInputException) {
            return Statuses.invalid(sentence(t));
        }
        if (t instanceof IllegalMoveException) {
            return Statuses.failedPrecondition(sentence(t));
        }
        return Statuses.passThrough(t);
    }

    private static String sentence(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? "The request was rejected (" + t.getClass().getSimpleName() + ")." : message;
    }
}
