package com.plyyard.lobby.grpc;

import com.plyyard.grpc.EventLoopWrites;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.inject.spi.Prioritized;
import jakarta.inject.Singleton;

/** Every call's writes on its connection's event loop ({@link EventLoopWrites}: a late answer to a reset call is dropped). */
@Singleton
@GlobalInterceptor
public class LobbyEventLoopWrites extends EventLoopWrites implements Prioritized {
    @Override
    public int getPriority() {
        return PRIORITY;
    }
}
