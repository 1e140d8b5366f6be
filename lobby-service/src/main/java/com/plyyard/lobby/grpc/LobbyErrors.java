package com.plyyard.lobby.grpc;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/**
 * The error model of lobby-service: every failure is a gRPC status with one human sentence. A
 * {@link StatusRuntimeException} thrown on purpose passes as it is; anything else becomes INTERNAL, logged
 * with its stack trace.
 */
public final class LobbyErrors {
    private static final Logger LOG = Logger.getLogger(LobbyErrors.class);

    static final String INTERNAL_SENTENCE = "The lobby failed unexpectedly; the error has been logged.";

    private LobbyErrors() {
    }

    public static StatusRuntimeException unauthenticated(String sentence) {
        return Status.UNAUTHENTICATED.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException invalid(String sentence) {
        return Status.INVALID_ARGUMENT.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException notFound(String sentence) {
        return Status.NOT_FOUND.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException denied(String sentence) {
        return Status.PERMISSION_DENIED.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException failedPrecondition(String sentence) {
        return Status.FAILED_PRECONDITION.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException aborted(String sentence) {
        return Status.ABORTED.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException alreadyExists(String sentence) {
        return Status.ALREADY_EXISTS.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException exhausted(String sentence) {
        return Status.RESOURCE_EXHAUSTED.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException unavailable(String sentence) {
        return Status.UNAVAILABLE.withDescription(sentence).asRuntimeException();
    }

    public static StatusRuntimeException toStatus(Throwable t, String method) {
        Throwable c = t;
        for (int i = 0; i < 10 && c != null; i++) {
            if (c instanceof StatusRuntimeException s) {
                return s;
            }
            if (c instanceof StatusException s) {
                return s.getStatus().asRuntimeException(s.getTrailers());
            }
            c = c.getCause();
        }
        LOG.errorf(t, "%s failed unexpectedly", method);
        return Status.INTERNAL.withDescription(INTERNAL_SENTENCE).asRuntimeException();
    }
}
