package com.plyyard.ai;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/**
 * The error model of ai-service, the same as rules-service's: every failure becomes a gRPC status with one
 * human sentence.
 *
 * <ul>
 *   <li>{@link InvalidInputException} (malformed state, unknown variant or option, bad limits) → INVALID_ARGUMENT;
 *   <li>{@link IllegalMoveException} and its subclass {@code GameOverException} → FAILED_PRECONDITION;
 *   <li>a {@link StatusRuntimeException} thrown on purpose → itself;
 *   <li>anything else → INTERNAL with a generic sentence, logged with its stack trace.
 * </ul>
 */
public final class AiErrors {
    private static final Logger LOG = Logger.getLogger(AiErrors.class);

    static final String INTERNAL_SENTENCE = "ai-service failed unexpectedly; the error has been logged.";

    private AiErrors() {
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

    public static StatusRuntimeException toStatus(Throwable t, String method) {
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
        LOG.errorf(t, "%s failed unexpectedly", method);
        return Status.INTERNAL.withDescription(INTERNAL_SENTENCE).asRuntimeException();
    }

    private static String sentence(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? "The request was rejected (" + t.getClass().getSimpleName() + ")." : message;
    }
}
