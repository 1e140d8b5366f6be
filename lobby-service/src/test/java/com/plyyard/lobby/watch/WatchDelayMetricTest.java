package com.plyyard.lobby.watch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.EventStream;
import com.plyyard.lobby.support.LobbyTestBase;
import com.plyyard.lobby.support.ServiceTestProfile;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.Match;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lobby's own part of move → event, {@code plyyard_lobby_watch_event_delay_seconds}: one observation per event
 * handed to a watcher (the snapshot is not one), what the load generator reads to tell the lobby's queue from its own.
 */
@QuarkusTest
@TestProfile(ServiceTestProfile.class)
class WatchDelayMetricTest extends LobbyTestBase {
    @Inject
    MeterRegistry registry;

    @Test
    void eachEventHandedToAWatcherIsTimedFromItsCommit() {
        Timer delay = registry.find("plyyard.lobby.watch.event.delay").timer();
        assertTrue(delay != null, "the timer is registered");
        TestPlayer a = register("delay-a");
        TestPlayer b = register("delay-b");
        Match m = started("draughts:plyyard", clock(600, 0), a, b);
        EventStream one = watch(a, m.getId(), 0);
        EventStream two = watch(b, m.getId(), 0);
        one.next(); // the snapshots: not timed
        two.next();
        long before = delay.count();
        Match after = (mover(m) == 0 ? a : b).move(m, legalMoves(m.getState()).get(0).getNotation());
        one.untilVersion(after.getVersion());
        two.untilVersion(after.getVersion());
        long timed = delay.count() - before;
        // at least once per watcher; the timer is the instance's, so streams of earlier tests' matches that are still
        // open may add to it meanwhile (CI once saw 5): a lower bound is what this test can hold the lobby to
        assertTrue(timed >= 2, "the move's event timed once per watcher: " + timed);
        assertTrue(delay.max(TimeUnit.SECONDS) < 60, "a delay in the lobby, not an epoch: " + delay.max(TimeUnit.SECONDS));
    }
}
