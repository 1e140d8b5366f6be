package com.plyyard.grpc;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the client of a server call is still there, asked by long work (a perft count, a search) so that it
 * stops as soon as nobody waits for it.
 *
 * <p>The client counts as gone when the call is cancelled (by the client, or by its deadline). On Quarkus's Vert.x
 * transport ({@code use-separate-server=false}) only {@link ServerCallStreamObserver#isCancelled()} sees that while
 * the method still runs: the io.grpc {@link Context} is not cancelled there, and the on-cancel handler is queued
 * behind the running method. The context, its deadline and the handler are kept for grpc-java's own server
 * transport. Create it on the thread that received the call (the context is read there).
 */
public final class CallCancellation {
    private final Context context;
    private final Deadline deadline;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final ServerCallStreamObserver<?> call;

    private CallCancellation(StreamObserver<?> out) {
        this.context = Context.current();
        this.deadline = context.getDeadline();
        this.call = out instanceof ServerCallStreamObserver<?> s ? s : null;
        if (call != null) {
            call.setOnCancelHandler(() -> cancelled.set(true));
        }
    }

    /** Starts watching the call answered through {@code out}. */
    public static CallCancellation of(StreamObserver<?> out) {
        return new CallCancellation(out);
    }

    public boolean clientGone() {
        return cancelled.get() || context.isCancelled() || (deadline != null && deadline.isExpired())
            || (call != null && call.isCancelled());
    }

    /** Marks the client gone, e.g. after sending to the stream failed because it was closed under us. */
    public void markGone() {
        cancelled.set(true);
    }

    /** Answers {@code status}, unless the client is gone (nobody reads it then) or the stream closed meanwhile. */
    public void fail(StreamObserver<?> out, StatusRuntimeException status) {
        if (clientGone()) {
            return;
        }
        try {
            out.onError(status);
        } catch (RuntimeException closed) {
            // closed meanwhile: nobody reads it
        }
    }
}
