package com.plyyard.rules;

import com.plyyard.mapping.Statuses;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** The error model of rules-service ({@link Statuses}): unexpected failures are logged here and answered INTERNAL. */
public final class ServiceErrors {
    private static final Logger LOG = Logger.getLogger(ServiceErrors.class);

    static final String INTERNAL_SENTENCE = "The rules service failed unexpectedly; the error has been logged.";

    private ServiceErrors() {
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
