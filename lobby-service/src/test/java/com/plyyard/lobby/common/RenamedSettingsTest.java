package com.plyyard.lobby.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A lobby configured with a setting's old name is told the new one. */
class RenamedSettingsTest {
    private static SmallRyeConfig config(Map<String, String> values) {
        return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(values, "test", 500)).build();
    }

    @Test
    void oldNamesAreReportedWithTheirNewNames() {
        List<String> problems = RenamedSettings.oldNamesIn(config(Map.of(
            "plyyard.lobby.rules-deadline-seconds", "5",
            "plyyard.lobby.pairing.gap-max", "400")));
        assertEquals(List.of(
            "plyyard.lobby.rules-deadline-seconds is now plyyard.lobby.rules.deadline (e.g. 10s)",
            "plyyard.lobby.pairing.gap-max is now plyyard.lobby.matchmaking.rating-gap.max"), problems);
    }

    @Test
    void newNamesPassQuietly() {
        assertTrue(RenamedSettings.oldNamesIn(config(Map.of(
            "plyyard.lobby.rules.deadline", "5s",
            "plyyard.lobby.matchmaking.rating-gap.max", "400"))).isEmpty());
    }

    /**
     * PLYYARD_LOBBY_CLOCK_CHECK_EVERY is the environment's spelling of the new plyyard.lobby.clock.check-every as much as
     * of the old plyyard.lobby.clock-check-every: it used to stop the lobby at start (found setting up
     * LobbyPropertiesIT). The old name spelled out is still refused; other old names are refused from the environment too.
     */
    @Test
    void anEnvironmentVariableOfTheNewNameIsNotTakenForTheOldOne() {
        SmallRyeConfig env = new SmallRyeConfigBuilder().withSources(new EnvConfigSource(Map.of(
            "PLYYARD_LOBBY_CLOCK_CHECK_EVERY", "10000h"), 300)).build();
        assertTrue(RenamedSettings.oldNamesIn(env).isEmpty(), RenamedSettings.oldNamesIn(env).toString());
        assertEquals(List.of("plyyard.lobby.clock-check-every is now plyyard.lobby.clock.check-every (e.g. 250ms)"),
            RenamedSettings.oldNamesIn(config(Map.of("plyyard.lobby.clock-check-every", "250"))));
        SmallRyeConfig oldEnv = new SmallRyeConfigBuilder().withSources(new EnvConfigSource(Map.of(
            "PLYYARD_LOBBY_WORKERS", "8"), 300)).build();
        assertEquals(List.of("plyyard.lobby.workers is now plyyard.lobby.calls.workers"), RenamedSettings.oldNamesIn(oldEnv));
    }
}
