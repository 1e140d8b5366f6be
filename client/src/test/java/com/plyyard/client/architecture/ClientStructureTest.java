package com.plyyard.client.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/**
 * The client's packages: no cycle; a game's own tools in its game's package, listed by {@code PlyYard}'s
 * subcommands.
 */
class ClientStructureTest extends ModuleStructureTest {
    ClientStructureTest() {
        super("com.plyyard.client", Set.of("com.plyyard.client.PlyYard"));
    }
}
