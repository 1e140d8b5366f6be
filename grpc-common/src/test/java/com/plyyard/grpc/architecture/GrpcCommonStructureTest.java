package com.plyyard.grpc.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;

/** grpc-common's packages: no cycle, and no game named. */
class GrpcCommonStructureTest extends ModuleStructureTest {
    @Override
    protected String root() {
        return "com.plyyard.grpc";
    }
}
