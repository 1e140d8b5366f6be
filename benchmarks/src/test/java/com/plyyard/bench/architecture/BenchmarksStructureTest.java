package com.plyyard.bench.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;

/** The benchmarks' packages: no cycle; a game's own benchmarks in its game's package. */
class BenchmarksStructureTest extends ModuleStructureTest {
    @Override
    protected String root() {
        return "com.plyyard.bench";
    }
}
