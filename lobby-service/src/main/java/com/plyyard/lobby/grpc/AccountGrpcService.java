package com.plyyard.lobby.grpc;

import com.plyyard.lobby.common.ErrorKind;
import com.plyyard.lobby.common.LobbyClock;
import com.plyyard.lobby.common.LobbyException;
import com.plyyard.lobby.limits.SignInThrottle;
import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.players.ExternalIdentities;
import com.plyyard.lobby.players.ExternalTokens;
import com.plyyard.lobby.players.SessionOwner;
import com.plyyard.lobby.players.Sessions;
import com.plyyard.lobby.players.Tokens;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.ChangePasswordResponse;
import com.plyyard.proto.v1.ClaimNameRequest;
import com.plyyard.proto.v1.ClaimNameResponse;
import com.plyyard.proto.v1.GetAccountRequest;
import com.plyyard.proto.v1.GetAccountResponse;
import com.plyyard.proto.v1.ListSessionsRequest;
import com.plyyard.proto.v1.ListSessionsResponse;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import com.plyyard.proto.v1.ReplaceRecoveryCodesRequest;
import com.plyyard.proto.v1.ReplaceRecoveryCodesResponse;
import com.plyyard.proto.v1.SetPasswordRequest;
import com.plyyard.proto.v1.SetPasswordResponse;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignInResponse;
import com.plyyard.proto.v1.SignOutOtherSessionsRequest;
import com.plyyard.proto.v1.SignOutOtherSessionsResponse;
import com.plyyard.proto.v1.SignOutRequest;
import com.plyyard.proto.v1.SignOutResponse;
import com.plyyard.proto.v1.SignOutSessionRequest;
import com.plyyard.proto.v1.SignOutSessionResponse;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * plyyard.v1.AccountService: passwords, sessions and recovery (players.Accounts, players.Sessions). The calls that check
 * a password or a code go through the sign-in limits first ({@link SignInThrottle}): a refused attempt costs no hash,
 * and a wrong one makes the next wait longer.
 */
@GrpcService
public class AccountGrpcService extends AccountServiceGrpc.AccountServiceImplBase {
    @Inject
    WorkerPool workers;

    @Inject
    Accounts accounts;

    @Inject
    Sessions sessions;

    @Inject
    Tokens tokens;

    @Inject
    ExternalIdentities identities;

    @Inject
    SignInThrottle throttle;

    @Inject
    LobbyClock clock;

    @Override
    public void signUp(SignUpRequest request, StreamObserver<SignUpResponse> out) {
        workers.passwordCall("SignUp", out, (token, address) ->
            accounts.signUp(request, new Sessions.Device(request.getDeviceLabel(), address)));
    }

    @Override
    public void signIn(SignInRequest request, StreamObserver<SignInResponse> out) {
        workers.passwordCall("SignIn", out, (token, address) -> {
            Sessions.Device device = new Sessions.Device(request.getDeviceLabel(), address);
            return limited(request.getName(), address, () -> accounts.signIn(request, device));
        });
    }

    @Override
    public void getAccount(GetAccountRequest request, StreamObserver<GetAccountResponse> out) {
        workers.unary("GetAccount", out, token -> accounts.account(tokens.session(token)));
    }

    @Override
    public void setPassword(SetPasswordRequest request, StreamObserver<SetPasswordResponse> out) {
        workers.passwordCall("SetPassword", out, (token, address) ->
            accounts.setPassword(tokens.session(token), request.getNewPassword(), address));
    }

    @Override
    public void changePassword(ChangePasswordRequest request, StreamObserver<ChangePasswordResponse> out) {
        workers.passwordCall("ChangePassword", out, (token, address) -> {
            SessionOwner me = tokens.session(token);
            return limited(me.player().getName(), address, () -> accounts.changePassword(me, request.getCurrentPassword(),
                request.getNewPassword(), address));
        });
    }

    @Override
    public void listSessions(ListSessionsRequest request, StreamObserver<ListSessionsResponse> out) {
        workers.unary("ListSessions", out, token -> sessions.list(tokens.session(token)));
    }

    @Override
    public void signOut(SignOutRequest request, StreamObserver<SignOutResponse> out) {
        workers.unary("SignOut", out, token -> SignOutResponse.newBuilder().setSignedOut(tokens.logout(token).getRevoked())
            .build());
    }

    @Override
    public void signOutSession(SignOutSessionRequest request, StreamObserver<SignOutSessionResponse> out) {
        workers.unary("SignOutSession", out, token -> sessions.signOut(tokens.session(token), request.getSessionId()));
    }

    @Override
    public void signOutOtherSessions(SignOutOtherSessionsRequest request, StreamObserver<SignOutOtherSessionsResponse> out) {
        workers.unary("SignOutOtherSessions", out, token -> sessions.signOutOthers(tokens.session(token)));
    }

    @Override
    public void replaceRecoveryCodes(ReplaceRecoveryCodesRequest request, StreamObserver<ReplaceRecoveryCodesResponse> out) {
        workers.passwordCall("ReplaceRecoveryCodes", out, (token, address) -> {
            SessionOwner me = tokens.session(token);
            return limited(me.player().getName(), address, () -> accounts.replaceRecoveryCodes(me,
                request.getCurrentPassword(), address));
        });
    }

    @Override
    public void recoverAccount(RecoverAccountRequest request, StreamObserver<RecoverAccountResponse> out) {
        workers.passwordCall("RecoverAccount", out, (token, address) -> {
            Sessions.Device device = new Sessions.Device(request.getDeviceLabel(), address);
            return limited(request.getName(), address, () -> accounts.recover(request, device));
        });
    }

    @Override
    public void claimName(ClaimNameRequest request, StreamObserver<ClaimNameResponse> out) {
        workers.unary("ClaimName", out, token -> {
            if (!ExternalTokens.looksExternal(token)) {
                tokens.session(token); // an unknown session token is UNAUTHENTICATED, as for every call
            }
            return identities.claimName(token, request.getName());
        });
    }

    /**
     * An attempt that checks a password or a code, within the sign-in limits: refused at once (RESOURCE_EXHAUSTED with
     * the wait) while the account or the address must wait; a wrong one (UNAUTHENTICATED) lengthens the wait, a right
     * one ends it.
     */
    private <R> R limited(String account, String address, Supplier<R> attempt) {
        String name = account == null ? "" : account.strip();
        Optional<SignInThrottle.Wait> wait = throttle.take(name, address, clock.now(),
            () -> sessions.signedInFrom(name, address));
        if (wait.isPresent()) {
            throw RateLimitInterceptor.toStatus(wait.get().sentence(), wait.get().retryAfter());
        }
        try {
            R answer = attempt.get();
            throttle.right(name, address);
            return answer;
        } catch (LobbyException e) {
            if (e.kind() == ErrorKind.UNAUTHENTICATED) {
                throttle.wrong(name, address, clock.now());
            }
            throw e;
        }
    }
}
