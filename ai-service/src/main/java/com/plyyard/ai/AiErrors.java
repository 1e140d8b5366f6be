package com.plyyard.ai;

import com.plyyard.grpc.ErrorModel;
import com.plyyard.mapping.EngineStatuses;
import io.grpc.StatusRuntimeException;

/** The error model of ai-service ({@link EngineStatuses}): unexpected failures are logged and answered INTERNAL. */
public final class AiErrors {
    static final String INTERNAL_SENTENCE = "ai-service failed unexpectedly; the error has been logged.";
    private static final ErrorModel MODEL = new ErrorModel("ai-service", INTERNAL_SENTENCE, EngineStatuses::known);

    private AiErrors() {
    }

    public static StatusRuntimeException toStatus(Throwable t, String method) {
        return MODEL.toStatus(t, method);
    }
}
