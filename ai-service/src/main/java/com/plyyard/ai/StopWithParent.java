package com.plyyard.ai;

import com.plyyard.grpc.lifecycle.ParentProcessWatch;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** Started by {@code ./plyyard up}: stop gracefully when that {@code up} is gone (a SIGKILL, a crash). */
@ApplicationScoped
class StopWithParent {
    void onStart(@Observes StartupEvent event) {
        ParentProcessWatch.startFromEnvironment("ai-service", () -> Quarkus.asyncExit(0));
    }
}
