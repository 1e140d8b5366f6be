package com.plyyard.ai.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/** ai-service's packages: no cycle, and no game named: perfect play and the Hub engine go through the SPI. */
class AiStructureTest extends ModuleStructureTest {
    AiStructureTest() {
        super("com.plyyard.ai", Set.of());
    }
}
