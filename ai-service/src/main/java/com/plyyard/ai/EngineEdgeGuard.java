package com.plyyard.ai;

import com.plyyard.grpc.EdgeGuard;
import com.plyyard.grpc.InputLimits;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

/** Every call's input limits and bounded status sentences ({@link EdgeGuard}; the limits: docs/contracts.md). */
@Singleton
@GlobalInterceptor
public class EngineEdgeGuard extends EdgeGuard {
    public EngineEdgeGuard() {
        super(InputLimits.PLY_YARD, "ai-service");
    }
}
