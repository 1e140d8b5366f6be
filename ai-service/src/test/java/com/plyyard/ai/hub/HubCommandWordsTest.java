package com.plyyard.ai.hub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Level;
import com.plyyard.engine.search.Limits;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The external engine's command line as words, and the level lines its requests become. */
class HubCommandWordsTest {
    @Test
    void blanksSeparateAndQuotesKeepWordsWhole() {
        assertEquals(List.of("/opt/scan/scan", "hub"), ExternalHubEngine.commandWords("  /opt/scan/scan   hub "));
        assertEquals(List.of("java", "-cp", "/a b/c.jar", "Main", ""),
            ExternalHubEngine.commandWords("java -cp \"/a b/c.jar\" Main \"\""));
        assertEquals(List.of(), ExternalHubEngine.commandWords("   "));
    }

    @Test
    void explicitLimitsAndTheMaxLevelAsLevelLines() {
        assertEquals("level depth=6 move-time=60.000",
            ExternalHubEngine.level(Engine.Request.of(new Limits(6, 0, 60_000)), 60_000).format());
        assertEquals("level nodes=5000 move-time=0.250",
            ExternalHubEngine.level(Engine.Request.of(new Limits(0, 5000, 250)), 250).format());
        assertEquals("level move-time=1.000",
            ExternalHubEngine.level(new Engine.Request(null, Level.MAX, -1, 0, 0), 1000).format(), "max: the time alone");
    }
}
