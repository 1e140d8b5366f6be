package com.plyyard.lobby.grpc;

import com.plyyard.lobby.watch.EventPump;
import io.grpc.stub.ServerCallStreamObserver;

/**
 * Ties a streaming call to the pump that will serve it, which exists only once the call's first checks passed: a
 * cancel that comes before the pump is remembered (the pump is then never started), one that comes after it stops the
 * pump; the transport's "ready again" wakes the pump (which stops sending while the client takes nothing).
 */
final class StreamCancellation {
    private EventPump<?> pump;
    private boolean cancelled;

    private StreamCancellation() {
    }

    /** Listens for the call's cancel; create it before any work for the call starts. */
    static StreamCancellation of(ServerCallStreamObserver<?> call) {
        StreamCancellation c = new StreamCancellation();
        call.setOnCancelHandler(c::stop);
        call.setOnReadyHandler(c::ready);
        return c;
    }

    /** The transport takes messages again: the pump (if there is one yet) sends what waits. */
    private void ready() {
        EventPump<?> p;
        synchronized (this) {
            p = pump;
        }
        if (p != null) {
            p.ready();
        }
    }

    /** Hands the call to its pump; false if the call was cancelled already (send nothing then). */
    synchronized boolean hold(EventPump<?> p) {
        if (cancelled) {
            return false;
        }
        pump = p;
        return true;
    }

    /** The call was cancelled, or starting it failed: stop the pump if there is one. */
    void stop() {
        EventPump<?> p;
        synchronized (this) {
            cancelled = true;
            p = pump;
        }
        if (p != null) {
            p.cancelled();
        }
    }
}
