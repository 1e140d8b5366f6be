package com.plyyard.grpc.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The watch stops its service once when the watched process dies, and never while it lives. */
class ParentProcessWatchTest {
    @Test
    void stopsOnceWhenTheParentIsKilledAndNotBefore() throws IOException, InterruptedException {
        Process parent = new ProcessBuilder("sleep", "600").start();
        AtomicInteger stops = new AtomicInteger();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread watch = ParentProcessWatch.watch("test", parent.pid(), Duration.ofMillis(20), () -> {
            stops.incrementAndGet();
            stopped.countDown();
        });
        assertFalse(stopped.await(300, TimeUnit.MILLISECONDS), "stopped while the parent lives");
        parent.destroyForcibly(); // SIGKILL
        assertTrue(stopped.await(30, TimeUnit.SECONDS), "not stopped after the parent died");
        watch.join(10_000);
        assertFalse(watch.isAlive());
        assertEquals(1, stops.get());
    }

    @Test
    void aParentAlreadyGoneStopsAtOnce() throws IOException, InterruptedException {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        CountDownLatch stopped = new CountDownLatch(1);
        ParentProcessWatch.watch("test", gone.pid(), Duration.ofMillis(20), stopped::countDown);
        assertTrue(stopped.await(30, TimeUnit.SECONDS));
    }
}
