package com.plyyard.grpc;

import com.google.protobuf.Message;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * The first and last thing every call of a Ply Yard service passes: each request message is checked against the
 * {@link InputLimits} (too large → RESOURCE_EXHAUSTED; a field over its limit → INVALID_ARGUMENT naming the field and
 * the limit; either way the service never sees it; a request the transport could not read at all, such as bytes that
 * are no protobuf message, → INVALID_ARGUMENT instead of the handler's INTERNAL "Half-closed without a request"), and
 * every status the call ends with carries one bounded human sentence ({@link Sentences#bounded}; a status without a
 * description, such as the transport's own refusals, gets one). Each service registers it as a global interceptor.
 */
public class EdgeGuard implements ServerInterceptor {
    private final InputLimits limits;
    private final String service;

    /** @param service the service's name for the sentences, e.g. "rules-service" */
    public EdgeGuard(InputLimits limits, String service) {
        this.limits = limits;
        this.service = service;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        GuardedCall<Q, R> guarded = new GuardedCall<>(call);
        ServerCall.Listener<Q> listener = next.startCall(guarded, headers);
        boolean oneMessage = call.getMethodDescriptor().getType().clientSendsOneMessage();
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            private boolean refused;
            private boolean received;

            @Override
            public void onMessage(Q message) {
                received = true;
                if (refused) {
                    return;
                }
                if (message instanceof Message m) {
                    String tooLarge = limits.tooLarge(m, service);
                    String problem = tooLarge != null ? tooLarge : limits.firstViolation(m);
                    if (problem != null) {
                        refused = true;
                        Status status = tooLarge != null ? Status.RESOURCE_EXHAUSTED : Status.INVALID_ARGUMENT;
                        guarded.close(status.withDescription(problem), new Metadata());
                        return;
                    }
                }
                super.onMessage(message);
            }

            @Override
            public void onHalfClose() {
                if (refused) {
                    return;
                }
                if (oneMessage && !received) {
                    // The transport could not read the request (bytes that are no protobuf message, or ill-formed
                    // UTF-8 in a string) and dropped it: the method's handler would answer INTERNAL "Half-closed
                    // without a request".
                    refused = true;
                    guarded.close(Status.INVALID_ARGUMENT.withDescription(unreadable(call.getMethodDescriptor()
                        .getFullMethodName())), new Metadata());
                    return;
                }
                super.onHalfClose();
            }
        };
    }

    /** The sentence for a request the transport could not read as the method's message. */
    static String unreadable(String fullMethodName) {
        return "The request to " + fullMethodName + " could not be read: it is not a well-formed protobuf message of the "
            + "method's request type (or one of its strings is not UTF-8).";
    }

    /** The sentence a status without one gets. */
    String sentenceFor(Status status) {
        return switch (status.getCode()) {
            case RESOURCE_EXHAUSTED -> "The request is larger than " + service + " accepts, or " + service
                + " is too busy for it now.";
            case CANCELLED -> "The call was cancelled.";
            case DEADLINE_EXCEEDED -> "The call's deadline passed before " + service + " answered.";
            case UNAVAILABLE -> service + " is not available now; try again.";
            case UNIMPLEMENTED -> service + " has no such method.";
            case INVALID_ARGUMENT -> "The request is malformed.";
            default -> service + " ended the call with " + status.getCode() + ".";
        };
    }

    private final class GuardedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private boolean closed;

        GuardedCall(ServerCall<Q, R> delegate) {
            super(delegate);
        }

        @Override
        public synchronized void close(Status status, Metadata trailers) {
            if (closed) {
                return; // refused by the guard already; the service's own late answer is dropped
            }
            closed = true;
            Status answered = status;
            if (!status.isOk()) {
                String description = status.getDescription();
                answered = status.withDescription(description == null || description.isBlank() ? sentenceFor(status)
                    : Sentences.bounded(description));
            }
            super.close(answered, trailers);
        }

        @Override
        public void sendMessage(R message) {
            synchronized (this) {
                if (closed) {
                    return;
                }
            }
            super.sendMessage(message);
        }
    }
}
