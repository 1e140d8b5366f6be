package com.plyyard.rules;

import com.plyyard.grpc.ErrorModel;
import com.plyyard.mapping.EngineStatuses;
import io.grpc.StatusRuntimeException;

/** The error model of rules-service ({@link EngineStatuses}): unexpected failures are logged and answered INTERNAL. */
public final class ServiceErrors {
    static final String INTERNAL_SENTENCE = "The rules service failed unexpectedly; the error has been logged.";
    private static final ErrorModel MODEL = new ErrorModel("rules-service", INTERNAL_SENTENCE, EngineStatuses::known);

    private ServiceErrors() {
    }

    public static StatusRuntimeException toStatus(Throwable t, String method) {
        return MODEL.toStatus(t, method);
    }
}
