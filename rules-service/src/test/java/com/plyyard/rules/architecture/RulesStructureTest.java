package com.plyyard.rules.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/** rules-service's packages: no cycle, and no game named outside a game's package. */
class RulesStructureTest extends ModuleStructureTest {
    RulesStructureTest() {
        super("com.plyyard.rules", Set.of());
    }
}
