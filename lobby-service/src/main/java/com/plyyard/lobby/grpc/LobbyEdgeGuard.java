package com.plyyard.lobby.grpc;

import com.plyyard.grpc.EdgeGuard;
import com.plyyard.grpc.InputLimits;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.inject.Singleton;

/** Every call's input limits and bounded status sentences ({@link EdgeGuard}; the limits: docs/contracts.md). */
@Singleton
@GlobalInterceptor
public class LobbyEdgeGuard extends EdgeGuard {
    public LobbyEdgeGuard() {
        super(InputLimits.PLY_YARD, "lobby-service");
    }
}
