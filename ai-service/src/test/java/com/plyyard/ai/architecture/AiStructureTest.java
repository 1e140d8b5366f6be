package com.plyyard.ai.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;

/** ai-service's packages: no cycle, and no game named: perfect play and the Hub engine go through the SPI. */
class AiStructureTest extends ModuleStructureTest {
    @Override
    protected String root() {
        return "com.plyyard.ai";
    }
}
