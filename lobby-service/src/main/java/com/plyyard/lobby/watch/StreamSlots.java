package com.plyyard.lobby.watch;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The watch streams this instance serves or is setting up, against its cap: a slot is taken when a WatchMatch or
 * WatchLobby call is accepted and given back when its stream closes (or when it never became one). Counting at
 * acceptance, not at registration, keeps a burst of calls from all passing the cap before any of them registered.
 */
@ApplicationScoped
public class StreamSlots {
    private final AtomicInteger taken = new AtomicInteger();

    /** Takes a slot unless {@code max} are taken already. */
    public boolean tryTake(int max) {
        for (int n = taken.get(); n < max; n = taken.get()) {
            if (taken.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }

    public void release() {
        taken.decrementAndGet();
    }

    /** Hands a taken slot to the stream: given back once, when the stream closes. */
    public void handTo(EventPump<?> stream) {
        stream.onClose(this::release);
    }

    public int taken() {
        return taken.get();
    }
}
