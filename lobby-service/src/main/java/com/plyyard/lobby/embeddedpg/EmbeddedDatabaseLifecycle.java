package com.plyyard.lobby.embeddedpg;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Stops the embedded PostgreSQL after everything else in the application has stopped. */
@ApplicationScoped
public class EmbeddedDatabaseLifecycle {
    private static volatile boolean started;
    private static final CountDownLatch STOPPED = new CountDownLatch(1);

    void onStart(@Observes StartupEvent event) {
        started = true;
    }

    /** Observers run in priority order: this one last, after the stream and listener shutdowns. */
    void onStop(@Observes @Priority(100_000) ShutdownEvent event) {
        EmbeddedDatabase db = EmbeddedDatabase.current();
        if (db != null) {
            db.close();
        }
        STOPPED.countDown();
    }

    static void awaitApplicationStopped(Duration max) {
        if (!started) {
            return;
        }
        try {
            STOPPED.await(max.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
