package com.plyyard.lobby.support;

import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import io.grpc.Channel;
import java.util.UUID;

/** Clients outside Quarkus (the integration tests). */
public final class Clients {
    private Clients() {
    }

    public static TestPlayer register(Channel channel, String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        RegisterResponse r = LobbyServiceGrpc.newBlockingStub(channel).register(RegisterRequest.newBuilder().setName(name).build());
        return TestPlayer.of(channel, r.getPlayer(), r.getToken());
    }
}
