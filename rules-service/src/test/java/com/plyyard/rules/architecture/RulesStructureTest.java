package com.plyyard.rules.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;

/** rules-service's packages: no cycle, and no game named outside a game's package. */
class RulesStructureTest extends ModuleStructureTest {
    @Override
    protected String root() {
        return "com.plyyard.rules";
    }
}
