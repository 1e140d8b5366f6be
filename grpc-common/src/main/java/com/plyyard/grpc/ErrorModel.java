package com.plyyard.grpc;

import io.grpc.StatusRuntimeException;
import java.util.function.Function;

/**
 * One service's translation of a failure into the status it answers: the failures the service expects map to
 * their statuses ({@code known}); anything else is a bug, logged with its stack trace and answered INTERNAL with
 * the service's own sentence. Logging goes through {@link System.Logger}, which Quarkus routes to its log.
 */
public final class ErrorModel {
    private final String service;
    private final String internalSentence;
    private final Function<Throwable, StatusRuntimeException> known;
    private final System.Logger log;

    /**
     * @param service          names the logger, e.g. "rules-service"
     * @param internalSentence the INTERNAL answer, e.g. "The rules service failed unexpectedly; the error has been logged."
     * @param known            the status of an expected failure, or null for an unexpected one
     */
    public ErrorModel(String service, String internalSentence, Function<Throwable, StatusRuntimeException> known) {
        this.service = service;
        this.internalSentence = internalSentence;
        this.known = known;
        this.log = System.getLogger("com.plyyard." + service.replace('-', '.') + ".errors");
    }

    /** The status to answer for a failure of {@code method}; an unexpected failure is logged first. */
    public StatusRuntimeException toStatus(Throwable t, String method) {
        StatusRuntimeException status = known.apply(t);
        if (status != null) {
            return status;
        }
        log.log(System.Logger.Level.ERROR, service + " " + method + " failed unexpectedly", t);
        return Statuses.internal(internalSentence);
    }

    public String internalSentence() {
        return internalSentence;
    }
}
