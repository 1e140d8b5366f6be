package com.plyyard.grpc;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;

/**
 * The status model of every Ply Yard service: a failure is a gRPC status whose description is one human sentence.
 * These are the constructors the edges use, and {@link #passThrough} finds a status thrown on purpose inside a
 * wrapped exception.
 */
public final class Statuses {
    private Statuses() {
    }

    public static StatusRuntimeException invalid(String sentence) {
        return of(Status.Code.INVALID_ARGUMENT, sentence);
    }

    public static StatusRuntimeException notFound(String sentence) {
        return of(Status.Code.NOT_FOUND, sentence);
    }

    public static StatusRuntimeException alreadyExists(String sentence) {
        return of(Status.Code.ALREADY_EXISTS, sentence);
    }

    public static StatusRuntimeException denied(String sentence) {
        return of(Status.Code.PERMISSION_DENIED, sentence);
    }

    public static StatusRuntimeException unauthenticated(String sentence) {
        return of(Status.Code.UNAUTHENTICATED, sentence);
    }

    public static StatusRuntimeException failedPrecondition(String sentence) {
        return of(Status.Code.FAILED_PRECONDITION, sentence);
    }

    public static StatusRuntimeException aborted(String sentence) {
        return of(Status.Code.ABORTED, sentence);
    }

    public static StatusRuntimeException resourceExhausted(String sentence) {
        return of(Status.Code.RESOURCE_EXHAUSTED, sentence);
    }

    public static StatusRuntimeException unavailable(String sentence) {
        return of(Status.Code.UNAVAILABLE, sentence);
    }

    public static StatusRuntimeException cancelled(String sentence) {
        return of(Status.Code.CANCELLED, sentence);
    }

    public static StatusRuntimeException internal(String sentence) {
        return of(Status.Code.INTERNAL, sentence);
    }

    public static StatusRuntimeException of(Status.Code code, String sentence) {
        return Status.fromCode(code).withDescription(sentence).asRuntimeException();
    }

    /**
     * The status thrown on purpose somewhere in the cause chain of {@code t} (a {@link StatusRuntimeException} or
     * {@link StatusException}, with its trailers), or null when there is none.
     */
    public static StatusRuntimeException passThrough(Throwable t) {
        Throwable c = t;
        for (int depth = 0; depth < 16 && c != null; depth++) {
            if (c instanceof StatusRuntimeException s) {
                return s;
            }
            if (c instanceof StatusException s) {
                return s.getStatus().asRuntimeException(s.getTrailers());
            }
            if (c.getCause() == c) {
                break;
            }
            c = c.getCause();
        }
        return null;
    }
}
