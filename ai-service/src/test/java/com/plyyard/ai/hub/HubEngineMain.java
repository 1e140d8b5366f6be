package com.plyyard.ai.hub;

import com.plyyard.engine.hub.HubSession;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * Our own Hub engine as a process of its own, for the tests that configure ai-service's external engine: the same
 * {@link HubSession} as {@code ./plyyard hub} (the client jar is built after ai-service, so it cannot be used here).
 */
public final class HubEngineMain {
    private HubEngineMain() {
    }

    public static void main(String[] args) {
        new HubSession(new InputStreamReader(System.in, StandardCharsets.UTF_8),
            new OutputStreamWriter(System.out, StandardCharsets.UTF_8),
            new HubSession.Identity("Ply Yard", "test", "Ply Yard"), 4).run();
        System.exit(0);
    }
}
