package com.plyyard.lobby.grpc;

import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.players.Sessions;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.LogoutRequest;
import com.plyyard.proto.v1.LogoutResponse;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.RenewTokenRequest;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;

/**
 * plyyard.v1.LobbyService: players and their tokens (the token accounts of before passwords; AccountGrpcService has
 * the rest). The Java class says what it serves (accounts); the proto service
 * keeps its name, which is part of the wire contract every client and the gRPC-Web page call.
 */
@GrpcService
public class AccountsGrpcService extends LobbyServiceGrpc.LobbyServiceImplBase {
    @Inject
    WorkerPool workers;

    @Inject
    Accounts accounts;

    @Inject
    Tokens tokens;

    @Override
    public void register(RegisterRequest request, StreamObserver<RegisterResponse> out) {
        workers.unaryFrom("Register", out, (token, address) ->
            accounts.register(request.getName(), new Sessions.Device(request.getDeviceLabel(), address)));
    }

    @Override
    public void whoAmI(WhoAmIRequest request, StreamObserver<Player> out) {
        workers.unary("WhoAmI", out, tokens::caller);
    }

    @Override
    public void logout(LogoutRequest request, StreamObserver<LogoutResponse> out) {
        workers.unary("Logout", out, tokens::logout);
    }

    @Override
    public void renewToken(RenewTokenRequest request, StreamObserver<RegisterResponse> out) {
        workers.unaryFrom("RenewToken", out, tokens::renew);
    }
}
