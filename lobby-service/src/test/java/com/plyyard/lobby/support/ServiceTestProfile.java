package com.plyyard.lobby.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.Set;

/**
 * The lobby with PostgreSQL and nothing else: the clock moved by hand ({@link ManualClock}), the rules in-process
 * ({@link InProcessRules}) and an AI that answers at once ({@link ScriptedEngine}). The service tests of the domain
 * packages and the in-process edge tests run under it; {@link LobbyTestResources} then starts PostgreSQL only.
 *
 * <p>The background jobs keep running, but as nothing moves the clock except the test they find nothing to do until the
 * test has moved it; a test that wants a job's round at once calls it ({@code FlagCheck.checkNow}, {@code
 * Pairer.waveNow}, {@code MatchmakingSweeper.sweepNow}). The AI's retries run in milliseconds.
 */
public class ServiceTestProfile implements QuarkusTestProfile {
    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ManualClock.class, InProcessRules.class, ScriptedEngine.class);
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
            "plyyard.lobby.ai.retry-initial", "20ms",
            "plyyard.lobby.ai.retry-max", "100ms",
            "quarkus.grpc.clients.rules.port", "1",
            "quarkus.grpc.clients.ai.port", "1");
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }
}
