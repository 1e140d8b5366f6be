package com.plyyard.lobby.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * The lobby with PostgreSQL and nothing else: the clock moved by hand ({@link ManualClock}), the rules in-process
 * ({@link InProcessRules}) and an AI that answers at once ({@link ScriptedEngine}). The service tests of the domain
 * packages and the in-process edge tests run under it; {@link LobbyTestResources} then starts PostgreSQL only.
 *
 * <p>Tokens expire after {@link #TOKEN_LIFETIME} and OperatorService takes {@link #OPERATOR_KEY}, so that the edge tests
 * reach those refusals in-process too.
 *
 * <p>The background jobs keep running, but as nothing moves the clock except the test they find nothing to do until the
 * test has moved it; a test that wants a job's round at once calls it ({@code FlagCheck.checkNow}, {@code
 * Pairer.waveNow}, {@code MatchmakingSweeper.sweepNow}). The AI's retries run in milliseconds.
 */
public class ServiceTestProfile implements QuarkusTestProfile {
    /**
     * How long a token works here (plyyard.lobby.tokens.lifetime): far longer than any test moves the clock while it
     * uses its players, so only a test that passes it on purpose ({@code TokenLifetimeTest}) sees a token expire.
     */
    public static final Duration TOKEN_LIFETIME = Duration.ofHours(1);
    /** The operator key of OperatorService here (plyyard.lobby.operator.key; at least 32 characters). */
    public static final String OPERATOR_KEY = "service-test-operator-key-0123456789abcdef";

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
            "quarkus.grpc.clients.ai.port", "1",
            "plyyard.lobby.tokens.lifetime", TOKEN_LIFETIME.toSeconds() + "s",
            "plyyard.lobby.operator.key", OPERATOR_KEY);
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }
}
