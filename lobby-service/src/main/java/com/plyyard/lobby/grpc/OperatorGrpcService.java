package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.players.AccountAdmin;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.DisableAccountResponse;
import com.plyyard.proto.v1.EnableAccountRequest;
import com.plyyard.proto.v1.EnableAccountResponse;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.RevokeTokensResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * plyyard.v1.OperatorService: what an operator does to a running lobby ({@code ./plyyard tokens revoke}, {@code
 * ./plyyard accounts …}): revoke a player's sessions, issue a reset token, disable and enable an account. The caller
 * presents the operator key as its bearer token, compared in constant time; the key is never logged.
 */
@GrpcService
public class OperatorGrpcService extends OperatorServiceGrpc.OperatorServiceImplBase {
    static final int MIN_KEY_LENGTH = 32;

    @Inject
    WorkerPool workers;

    @Inject
    Tokens tokens;

    @Inject
    AccountAdmin admin;

    @Inject
    OperatorConfig config;

    /** A short key is a configuration mistake: stop the start with a sentence rather than accept guessable keys. */
    void checkKey(@Observes StartupEvent start) {
        Optional<String> key = config.key();
        if (key.isPresent() && key.get().strip().length() < MIN_KEY_LENGTH) {
            throw new IllegalStateException("plyyard.lobby.operator.key (OPERATOR_KEY) must have at least " + MIN_KEY_LENGTH
                + " characters; generate one with e.g. 'openssl rand -base64 33'.");
        }
    }

    @Override
    public void revokeTokens(RevokeTokensRequest request, StreamObserver<RevokeTokensResponse> out) {
        workers.unary("RevokeTokens", out, presented -> {
            requireOperator(presented);
            if (request.getPlayerName().isBlank()) {
                throw LobbyException.invalid("player_name is required: the player whose tokens to revoke.");
            }
            return tokens.revokeAll(request.getPlayerName());
        });
    }

    @Override
    public void issueResetToken(IssueResetTokenRequest request, StreamObserver<IssueResetTokenResponse> out) {
        workers.unary("IssueResetToken", out, presented -> {
            requireOperator(presented);
            return admin.issueResetToken(request.getPlayerName(), request.getOperatorName());
        });
    }

    @Override
    public void disableAccount(DisableAccountRequest request, StreamObserver<DisableAccountResponse> out) {
        workers.unary("DisableAccount", out, presented -> {
            requireOperator(presented);
            return admin.disable(request.getPlayerName(), request.getOperatorName(), request.getReason());
        });
    }

    @Override
    public void enableAccount(EnableAccountRequest request, StreamObserver<EnableAccountResponse> out) {
        workers.unary("EnableAccount", out, presented -> {
            requireOperator(presented);
            return admin.enable(request.getPlayerName(), request.getOperatorName());
        });
    }

    void requireOperator(String presented) {
        String key = config.key().map(String::strip).orElse(null);
        if (key == null) {
            throw LobbyException.denied("Operator calls are disabled on this lobby: it was started without an operator key "
                + "(plyyard.lobby.operator.key, env OPERATOR_KEY).");
        }
        if (presented == null || !MessageDigest.isEqual(key.getBytes(StandardCharsets.UTF_8),
            presented.getBytes(StandardCharsets.UTF_8))) {
            throw LobbyException.unauthenticated("This call needs the operator key as its bearer token; the one sent is "
                + "not it.");
        }
    }
}
