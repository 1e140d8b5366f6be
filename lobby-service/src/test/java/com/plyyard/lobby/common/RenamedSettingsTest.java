package com.plyyard.lobby.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
