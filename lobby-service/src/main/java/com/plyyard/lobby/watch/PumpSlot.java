package com.plyyard.lobby.watch;

import io.grpc.stub.ServerCallStreamObserver;

/**
 * Ties a streaming call to the pump that will serve it, which exists only once the call's first checks passed: a
 * cancel that comes before the pump is remembered (the pump is then never started), one that comes after it stops
 * the pump.
 */
public final class PumpSlot {
    private EventPump<?> pump;
    private boolean cancelled;

    private PumpSlot() {
    }

    /** A slot listening for the call's cancel; create it before any work for the call starts. */
    public static PumpSlot of(ServerCallStreamObserver<?> call) {
        PumpSlot slot = new PumpSlot();
        call.setOnCancelHandler(slot::stop);
        return slot;
    }

    /** Puts the pump in; false if the call was cancelled already (send nothing then). */
    public synchronized boolean hold(EventPump<?> p) {
        if (cancelled) {
            return false;
        }
        pump = p;
        return true;
    }

    /** The call was cancelled, or starting it failed: stop the pump if there is one. */
    public void stop() {
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
