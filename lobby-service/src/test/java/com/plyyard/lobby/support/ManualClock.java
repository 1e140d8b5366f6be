package com.plyyard.lobby.support;

import com.plyyard.lobby.common.LobbyClock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lobby's clock in the service tests ({@link ServiceTestProfile}): time stands still until the test moves it, so a
 * flag, an expiry or a pool's widening window is reached by {@link #advance}, never by sleeping.
 */
@Alternative
@ApplicationScoped
public class ManualClock implements LobbyClock {
    private final AtomicLong now = new AtomicLong(System.currentTimeMillis());

    @Override
    public long nowMillis() {
        return now.get();
    }

    public void advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("the lobby's clock never goes back (" + by + ")");
        }
        now.addAndGet(by.toMillis());
    }

    public void advanceMillis(long millis) {
        advance(Duration.ofMillis(millis));
    }
}
