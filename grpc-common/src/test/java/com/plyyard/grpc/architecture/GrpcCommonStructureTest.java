package com.plyyard.grpc.architecture;

import com.plyyard.engine.architecture.ModuleStructureTest;
import java.util.Set;

/** grpc-common's packages: no cycle, and no game named. */
class GrpcCommonStructureTest extends ModuleStructureTest {
    GrpcCommonStructureTest() {
        super("com.plyyard.grpc", Set.of());
    }
}
