package com.plyyard.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.netty.util.concurrent.EventExecutor;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.impl.ContextInternal;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes every write of a server call (headers, messages, the close) on the call's connection event loop, so that a late
 * answer to a call the client has reset is dropped instead of closing the client's whole connection.
 *
 * <p>Why: the services serve gRPC on Quarkus's Vert.x HTTP server ({@code use-separate-server=false}). Vert.x checks
 * whether the client has reset a stream when a write is made, and a write made off the event loop (the services answer
 * on worker threads) is queued and later sent without checking again. When the client's RST_STREAM (a cancel, or its
 * deadline passing) is read in between, the queued write reaches netty for a stream that no longer exists; netty takes
 * it for a stream the server would open with the client's (odd) id, a protocol error, and closes the connection with
 * GOAWAY: every other call on it, a long stream say, ends INTERNAL "Request stream N is not correct for server
 * connection" (found by AiServicePropertiesIT, shown by CutCallsIT; upstream: quarkusio/quarkus#56268). On the event
 * loop the reset has either been read, and Vert.x has marked the response closed (the write is dropped: nobody reads
 * it), or not, and the write goes out before it.
 *
 * <p>Each service registers it as a global interceptor with {@link #PRIORITY}: after Quarkus's duplicated-context
 * interceptor (so that the call's Vert.x context is known) and before its blocking interceptor (so that it wraps the
 * call before the hop to a worker thread, and also sees the writes Quarkus makes itself, such as a cancelled call's
 * close). Calls without Vert.x's HTTP server (grpc-java's own transport, in-process tests) write straight through.
 */
public class EventLoopWrites implements ServerInterceptor {
    /**
     * Quarkus orders global interceptors by priority, the highest called first: its duplicated-context interceptor has
     * {@code MAX_VALUE - 5}, request context {@code - 50}, routing context {@code - 55}, blocking {@code - 60}.
     */
    public static final int PRIORITY = Integer.MAX_VALUE - 20;
    /** Where Quarkus keeps the call's HTTP exchange in the Vert.x context while the call starts. */
    private static final String ROUTING_CONTEXT = RoutingContext.class.getName();

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        Context context = Vertx.currentContext();
        Object routing = context == null ? null : context.getLocal(ROUTING_CONTEXT);
        if (!(context instanceof ContextInternal internal) || !(routing instanceof RoutingContext exchange)) {
            return next.startCall(call, headers);
        }
        return next.startCall(new OnLoop<>(call, internal.nettyEventLoop(), exchange.response()), headers);
    }

    private static final class OnLoop<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private final EventExecutor loop;
        private final HttpServerResponse response;
        /** Writes queued to the loop and not yet made: a write made on the loop waits behind them, keeping the order. */
        private final AtomicInteger queued = new AtomicInteger();

        OnLoop(ServerCall<Q, R> delegate, EventExecutor loop, HttpServerResponse response) {
            super(delegate);
            this.loop = loop;
            this.response = response;
        }

        @Override
        public void sendHeaders(Metadata headers) {
            write(() -> super.sendHeaders(headers));
        }

        @Override
        public void sendMessage(R message) {
            write(() -> super.sendMessage(message));
        }

        @Override
        public void close(Status status, Metadata trailers) {
            write(() -> super.close(status, trailers));
        }

        private void write(Runnable write) {
            if (loop.inEventLoop() && queued.get() == 0) {
                writeUnlessClosed(write);
                return;
            }
            queued.incrementAndGet();
            try {
                loop.execute(() -> {
                    try {
                        writeUnlessClosed(write);
                    } finally {
                        queued.decrementAndGet();
                    }
                });
            } catch (RejectedExecutionException stopping) {
                queued.decrementAndGet();
                write.run(); // the loop is shutting down: the transport refuses the write itself
            }
        }

        /**
         * On the loop: the HTTP/2 stream is closed once the client's reset has been read (Vert.x marks the response
         * closed there and then); nobody reads a write after that, and it would cost the connection.
         */
        private void writeUnlessClosed(Runnable write) {
            if (!response.closed()) {
                write.run();
            }
        }
    }
}
