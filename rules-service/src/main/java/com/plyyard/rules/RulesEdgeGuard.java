package com.plyyard.rules;

import com.plyyard.grpc.EdgeGuard;
import com.plyyard.grpc.InputLimits;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

/** Every call's input limits and bounded status sentences ({@link EdgeGuard}; the limits: docs/contracts.md). */
@Singleton
@GlobalInterceptor
public class RulesEdgeGuard extends EdgeGuard {
    public RulesEdgeGuard() {
        super(InputLimits.PLY_YARD, "rules-service");
    }
}
