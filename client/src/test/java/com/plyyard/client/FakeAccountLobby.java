package com.plyyard.client;

import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.ChangePasswordResponse;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.DisableAccountResponse;
import com.plyyard.proto.v1.EnableAccountRequest;
import com.plyyard.proto.v1.EnableAccountResponse;
import com.plyyard.proto.v1.GetAccountRequest;
import com.plyyard.proto.v1.GetAccountResponse;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import com.plyyard.proto.v1.ListSessionsRequest;
import com.plyyard.proto.v1.ListSessionsResponse;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.ReplaceRecoveryCodesRequest;
import com.plyyard.proto.v1.ReplaceRecoveryCodesResponse;
import com.plyyard.proto.v1.Session;
import com.plyyard.proto.v1.SessionKind;
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
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A lobby that keeps accounts in memory, served over a real localhost socket: AccountService as accounts.proto
 * describes it (passwords in the clear — it is a test), LobbyService's Register and WhoAmI, and OperatorService's
 * account calls with the key {@link #OPERATOR_KEY}. Every call is recorded by name in {@link #calls}.
 */
final class FakeAccountLobby implements AutoCloseable {
    static final String OPERATOR_KEY = "test-operator-key";
    private static final Context.Key<String> TOKEN = Context.key("token");

    final List<String> calls = new CopyOnWriteArrayList<>();
    /** The requests as received, for assertions on what the client sent. */
    final List<Object> requests = new CopyOnWriteArrayList<>();

    final class Account {
        final Player player;
        String password; // null: a token-only account
        final List<String> codes = new ArrayList<>();
        boolean disabled;

        Account(String name, String password) {
            this.player = Player.newBuilder().setId(UUID.randomUUID().toString()).setName(name).build();
            this.password = password;
        }
    }

    final class Live {
        final String token;
        final Account account;
        final Session session;

        Live(String token, Account account, Session session) {
            this.token = token;
            this.account = account;
            this.session = session;
        }
    }

    final Map<String, Account> accounts = new LinkedHashMap<>();
    final Map<String, Live> sessions = new LinkedHashMap<>();
    private int codeCounter;
    private final Server server;

    FakeAccountLobby() throws IOException {
        ServerInterceptor bearer = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                              ServerCallHandler<Q, A> next) {
                String auth = headers.get(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER));
                String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7) : "";
                return Contexts.interceptCall(Context.current().withValue(TOKEN, token), call, headers, next);
            }
        };
        server = NettyServerBuilder.forAddress(new InetSocketAddress("localhost", 0))
            .addService(ServerInterceptors.intercept(new Accounts(), bearer))
            .addService(ServerInterceptors.intercept(new Players(), bearer))
            .addService(ServerInterceptors.intercept(new Operators(), bearer)).build().start();
    }

    String target() {
        return "localhost:" + server.getPort();
    }

    /** A token-only account with one session, as LobbyService.Register makes (the accounts from before passwords). */
    synchronized String registerTokenOnly(String name) {
        Account a = new Account(name, null);
        accounts.put(name.toLowerCase(Locale.ROOT), a);
        return open(a, SessionKind.SESSION_KIND_TOKEN, "").getToken();
    }

    /** An account with a password and one session elsewhere ("phone"). */
    synchronized Account signedUpElsewhere(String name, String password) {
        Account a = new Account(name, password);
        accounts.put(name.toLowerCase(Locale.ROOT), a);
        open(a, SessionKind.SESSION_KIND_PASSWORD, "phone");
        return a;
    }

    private NewSession open(Account a, SessionKind kind, String label) {
        String token = "tok-" + UUID.randomUUID();
        Session s = Session.newBuilder().setId(UUID.randomUUID().toString()).setDeviceLabel(label).setKind(kind)
            .setCreatedAtEpochMillis(1_700_000_000_000L + sessions.size() * 60_000L)
            .setLastUsedAtEpochMillis(1_700_000_000_000L + sessions.size() * 60_000L + 30_000L).setAddress("127.0.0.1").build();
        sessions.put(token, new Live(token, a, s));
        return NewSession.newBuilder().setPlayer(a.player).setToken(token).setSession(s).build();
    }

    private List<String> newCodes(Account a) {
        a.codes.clear();
        for (int i = 0; i < 10; i++) {
            a.codes.add(String.format(Locale.ROOT, "C%03d-XXXX-YYYY", ++codeCounter));
        }
        return List.copyOf(a.codes);
    }

    private Live caller() {
        Live l = sessions.get(TOKEN.get());
        if (l == null) {
            throw Status.UNAUTHENTICATED.withDescription("This session has ended.").asRuntimeException();
        }
        return l;
    }

    private interface Body<T> {
        T run();
    }

    /** Records the call, runs it under the lobby's lock, answers or fails with the status it threw. */
    private <T> void answer(String name, Object request, StreamObserver<T> out, Body<T> body) {
        calls.add(name);
        requests.add(request);
        T result;
        try {
            synchronized (this) {
                result = body.run();
            }
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        out.onNext(result);
        out.onCompleted();
    }

    private final class Accounts extends AccountServiceGrpc.AccountServiceImplBase {
        @Override
        public void signUp(SignUpRequest r, StreamObserver<SignUpResponse> out) {
            answer("SignUp", r, out, () -> {
                if (accounts.containsKey(r.getName().toLowerCase(Locale.ROOT))) {
                    throw Status.ALREADY_EXISTS.withDescription("The name '" + r.getName() + "' is taken.").asRuntimeException();
                }
                if (r.getPassword().length() < 8) {
                    throw Status.INVALID_ARGUMENT.withDescription("A password has at least 8 characters.").asRuntimeException();
                }
                Account a = new Account(r.getName(), r.getPassword());
                accounts.put(r.getName().toLowerCase(Locale.ROOT), a);
                return SignUpResponse.newBuilder().setSession(open(a, SessionKind.SESSION_KIND_PASSWORD, r.getDeviceLabel()))
                    .addAllRecoveryCodes(newCodes(a)).build();
            });
        }

        @Override
        public void signIn(SignInRequest r, StreamObserver<SignInResponse> out) {
            answer("SignIn", r, out, () -> {
                Account a = accounts.get(r.getName().toLowerCase(Locale.ROOT));
                if (a == null || a.password == null || !a.password.equals(r.getPassword())) {
                    throw Status.UNAUTHENTICATED.withDescription("The name or the password is wrong.").asRuntimeException();
                }
                if (a.disabled) {
                    throw Status.PERMISSION_DENIED.withDescription("This account is disabled.").asRuntimeException();
                }
                return SignInResponse.newBuilder().setSession(open(a, SessionKind.SESSION_KIND_PASSWORD, r.getDeviceLabel()))
                    .build();
            });
        }

        @Override
        public void getAccount(GetAccountRequest r, StreamObserver<GetAccountResponse> out) {
            answer("GetAccount", r, out, () -> {
                Account a = caller().account;
                return GetAccountResponse.newBuilder().setPlayer(a.player).setHasPassword(a.password != null)
                    .setRecoveryCodesLeft(a.codes.size()).build();
            });
        }

        @Override
        public void setPassword(SetPasswordRequest r, StreamObserver<SetPasswordResponse> out) {
            answer("SetPassword", r, out, () -> {
                Account a = caller().account;
                if (a.password != null) {
                    throw Status.FAILED_PRECONDITION.withDescription("This account has a password.").asRuntimeException();
                }
                a.password = r.getNewPassword();
                return SetPasswordResponse.newBuilder().addAllRecoveryCodes(newCodes(a)).build();
            });
        }

        @Override
        public void changePassword(ChangePasswordRequest r, StreamObserver<ChangePasswordResponse> out) {
            answer("ChangePassword", r, out, () -> {
                Live me = caller();
                if (!r.getCurrentPassword().equals(me.account.password)) {
                    throw Status.UNAUTHENTICATED.withDescription("The current password is wrong.").asRuntimeException();
                }
                me.account.password = r.getNewPassword();
                return ChangePasswordResponse.newBuilder().setSignedOut(endOthers(me)).build();
            });
        }

        private int endOthers(Live me) {
            int n = 0;
            for (Live l : List.copyOf(sessions.values())) {
                if (l.account == me.account && l != me) {
                    sessions.remove(l.token);
                    n++;
                }
            }
            return n;
        }

        @Override
        public void listSessions(ListSessionsRequest r, StreamObserver<ListSessionsResponse> out) {
            answer("ListSessions", r, out, () -> {
                Live me = caller();
                ListSessionsResponse.Builder b = ListSessionsResponse.newBuilder();
                sessions.values().stream().filter(l -> l.account == me.account)
                    .forEach(l -> b.addSessions(l.session.toBuilder().setCurrent(l == me)));
                return b.build();
            });
        }

        @Override
        public void signOut(SignOutRequest r, StreamObserver<SignOutResponse> out) {
            answer("SignOut", r, out, () -> {
                sessions.remove(caller().token);
                return SignOutResponse.newBuilder().setSignedOut(1).build();
            });
        }

        @Override
        public void signOutSession(SignOutSessionRequest r, StreamObserver<SignOutSessionResponse> out) {
            answer("SignOutSession", r, out, () -> {
                Live me = caller();
                Live target = sessions.values().stream().filter(l -> l.account == me.account
                    && l.session.getId().equals(r.getSessionId())).findFirst().orElseThrow(() ->
                    Status.NOT_FOUND.withDescription("You have no session " + r.getSessionId() + ".").asRuntimeException());
                sessions.remove(target.token);
                return SignOutSessionResponse.newBuilder().setWasCurrent(target == me).build();
            });
        }

        @Override
        public void signOutOtherSessions(SignOutOtherSessionsRequest r, StreamObserver<SignOutOtherSessionsResponse> out) {
            answer("SignOutOtherSessions", r, out, () ->
                SignOutOtherSessionsResponse.newBuilder().setSignedOut(endOthers(caller())).build());
        }

        @Override
        public void replaceRecoveryCodes(ReplaceRecoveryCodesRequest r, StreamObserver<ReplaceRecoveryCodesResponse> out) {
            answer("ReplaceRecoveryCodes", r, out, () -> {
                Account a = caller().account;
                if (!r.getCurrentPassword().equals(a.password)) {
                    throw Status.UNAUTHENTICATED.withDescription("The current password is wrong.").asRuntimeException();
                }
                return ReplaceRecoveryCodesResponse.newBuilder().addAllRecoveryCodes(newCodes(a)).build();
            });
        }

        @Override
        public void recoverAccount(RecoverAccountRequest r, StreamObserver<RecoverAccountResponse> out) {
            answer("RecoverAccount", r, out, () -> {
                Account a = accounts.get(r.getName().toLowerCase(Locale.ROOT));
                if (a == null || !a.codes.remove(r.getCode())) {
                    throw Status.UNAUTHENTICATED.withDescription("The name or the code is wrong.").asRuntimeException();
                }
                a.password = r.getNewPassword();
                sessions.values().removeIf(l -> l.account == a);
                return RecoverAccountResponse.newBuilder().setSession(open(a, SessionKind.SESSION_KIND_RECOVERY,
                    r.getDeviceLabel())).setRecoveryCodesLeft(a.codes.size()).build();
            });
        }
    }

    private final class Players extends LobbyServiceGrpc.LobbyServiceImplBase {
        @Override
        public void register(RegisterRequest r, StreamObserver<RegisterResponse> out) {
            answer("Register", r, out, () -> {
                if (accounts.containsKey(r.getName().toLowerCase(Locale.ROOT))) {
                    throw Status.ALREADY_EXISTS.withDescription("The name '" + r.getName() + "' is taken.").asRuntimeException();
                }
                Account a = new Account(r.getName(), null);
                accounts.put(r.getName().toLowerCase(Locale.ROOT), a);
                NewSession s = open(a, SessionKind.SESSION_KIND_TOKEN, "");
                return RegisterResponse.newBuilder().setPlayer(a.player).setToken(s.getToken()).build();
            });
        }

        @Override
        public void whoAmI(WhoAmIRequest r, StreamObserver<Player> out) {
            answer("WhoAmI", r, out, () -> caller().account.player);
        }
    }

    private final class Operators extends OperatorServiceGrpc.OperatorServiceImplBase {
        private Account named(String name) {
            if (!TOKEN.get().equals(OPERATOR_KEY)) {
                throw Status.UNAUTHENTICATED.withDescription("Wrong operator key.").asRuntimeException();
            }
            Account a = accounts.get(name.toLowerCase(Locale.ROOT));
            if (a == null) {
                throw Status.NOT_FOUND.withDescription("There is no player '" + name + "'.").asRuntimeException();
            }
            return a;
        }

        @Override
        public void issueResetToken(IssueResetTokenRequest r, StreamObserver<IssueResetTokenResponse> out) {
            answer("IssueResetToken", r, out, () -> {
                Account a = named(r.getPlayerName());
                a.codes.add("RESET-TOKEN-1");
                return IssueResetTokenResponse.newBuilder().setPlayer(a.player).setResetToken("RESET-TOKEN-1")
                    .setExpiresAtEpochMillis(1_700_003_600_000L).build();
            });
        }

        @Override
        public void disableAccount(DisableAccountRequest r, StreamObserver<DisableAccountResponse> out) {
            answer("DisableAccount", r, out, () -> {
                Account a = named(r.getPlayerName());
                a.disabled = true;
                int before = sessions.size();
                sessions.values().removeIf(l -> l.account == a);
                return DisableAccountResponse.newBuilder().setPlayer(a.player).setSessionsEnded(before - sessions.size())
                    .build();
            });
        }

        @Override
        public void enableAccount(EnableAccountRequest r, StreamObserver<EnableAccountResponse> out) {
            answer("EnableAccount", r, out, () -> {
                Account a = named(r.getPlayerName());
                boolean was = a.disabled;
                a.disabled = false;
                return EnableAccountResponse.newBuilder().setPlayer(a.player).setWasDisabled(was).build();
            });
        }
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
