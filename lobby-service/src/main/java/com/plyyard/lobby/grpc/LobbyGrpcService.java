package com.plyyard.lobby.grpc;

import com.plyyard.lobby.match.Players;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;

/** plyyard.v1.LobbyService: players and their tokens. */
@GrpcService
public class LobbyGrpcService extends LobbyServiceGrpc.LobbyServiceImplBase {
    @Inject
    Calls calls;

    @Inject
    Players players;

    @Override
    public void register(RegisterRequest request, StreamObserver<RegisterResponse> out) {
        calls.unary("Register", out, token -> players.register(request.getName()));
    }

    @Override
    public void whoAmI(WhoAmIRequest request, StreamObserver<Player> out) {
        calls.unary("WhoAmI", out, players::caller);
    }
}
