package com.plyyard.lobby.support;

import io.quarkus.test.common.QuarkusTestResource;

/** Registers {@link LobbyTestResources} for every @QuarkusTest of the module (one start for all). */
@QuarkusTestResource(LobbyTestResources.class)
public final class TestResources {
    private TestResources() {
    }
}
