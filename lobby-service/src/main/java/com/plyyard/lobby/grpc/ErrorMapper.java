package com.plyyard.lobby.grpc;

import com.plyyard.grpc.ErrorModel;
import com.plyyard.grpc.Statuses;
import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.db.TransientFailures;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The error model of lobby-service, the one place where domain refusals become gRPC statuses: a
 * {@link LobbyException} becomes the status of its kind with its sentence; anything else is unexpected, logged with
 * its stack trace and answered INTERNAL.
 */
public final class ErrorMapper {
    static final String INTERNAL_SENTENCE = "The lobby failed unexpectedly; the error has been logged.";
    static final String DATABASE_SENTENCE = "The lobby's database is not reachable right now; try again in a moment (a call "
        + "cut off while committing may have gone through: read before repeating it).";
    private static final ErrorModel MODEL = new ErrorModel("lobby-service", INTERNAL_SENTENCE, ErrorMapper::known);

    private ErrorMapper() {
    }

    /** The status to answer for a failure of {@code method}; an unexpected failure is logged first. */
    public static StatusRuntimeException toStatus(Throwable t, String method) {
        return MODEL.toStatus(t, method);
    }

    /** The status of a domain refusal (or of a status thrown on purpose), null for anything else. */
    static StatusRuntimeException known(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof LobbyException e) {
                return Statuses.of(code(e.kind()), e.sentence());
            }
        }
        if (TransientFailures.databaseUnreachable(t)) {
            return Statuses.of(Status.Code.UNAVAILABLE, DATABASE_SENTENCE);
        }
        return Statuses.passThrough(t);
    }

    static Status.Code code(ErrorKind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> Status.Code.INVALID_ARGUMENT;
            case NOT_FOUND -> Status.Code.NOT_FOUND;
            case ALREADY_EXISTS -> Status.Code.ALREADY_EXISTS;
            case UNAUTHENTICATED -> Status.Code.UNAUTHENTICATED;
            case PERMISSION_DENIED -> Status.Code.PERMISSION_DENIED;
            case FAILED_PRECONDITION -> Status.Code.FAILED_PRECONDITION;
            case ABORTED -> Status.Code.ABORTED;
            case RESOURCE_EXHAUSTED -> Status.Code.RESOURCE_EXHAUSTED;
            case UNAVAILABLE -> Status.Code.UNAVAILABLE;
            case INTERNAL -> Status.Code.INTERNAL;
        };
    }
}
