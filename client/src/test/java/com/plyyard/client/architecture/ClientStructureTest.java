package com.plyyard.client.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/**
 * The client's packages: no cycle; a game's own tools in its game's package, listed by {@code PlyYard}'s
 * subcommands.
 */
class ClientStructureTest extends ModuleStructureTest {
    @Override
    protected String root() {
        return "com.plyyard.client";
    }

    @Override
    protected Set<String> listsOfGames() {
        return Set.of("com.plyyard.client.PlyYard");
    }
}
