package com.plyyard.mapping.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/**
 * The mapping's packages: no cycle; each game's mapper in its game's package, listed by
 * {@code ProtoMapper.standard()}.
 */
class MappingStructureTest extends ModuleStructureTest {
    MappingStructureTest() {
        super("com.plyyard.mapping", Set.of("com.plyyard.mapping.ProtoMapper"));
    }
}
