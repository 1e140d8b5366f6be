package com.plyyard.ai;

import com.plyyard.mapping.Statuses;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** The error model of ai-service ({@link Statuses}): unexpected failures are logged here and answered INTERNAL. */
public final class AiErrors {
    private static final Logger LOG = Logger.getLogger(AiErrors.class);

    static final String INTERNAL_SENTENCE = "ai-service failed unexpectedly; the error has been logged.";

    private AiErrors() {
    }

    public static StatusRuntimeException toStatus(Throwable t, String method) {
        StatusRuntimeException known = Statuses.known(t);
        if (known != null) {
            return known;
        }
        LOG.errorf(t, "%s failed unexpectedly", method);
        return Status.INTERNAL.withDescription(INTERNAL_SENTENCE).asRuntimeException();
    }
}
