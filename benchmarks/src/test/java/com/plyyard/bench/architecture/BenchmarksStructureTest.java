package com.plyyard.bench.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/** The benchmarks' packages: no cycle; a game's own benchmarks in its game's package. */
class BenchmarksStructureTest extends ModuleStructureTest {
    BenchmarksStructureTest() {
        super("com.plyyard.bench", Set.of());
    }
}
