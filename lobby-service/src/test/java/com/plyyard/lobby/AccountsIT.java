package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.rpc.RetryInfo;
import com.plyyard.lobby.support.EmbeddedPostgresProcess;
import com.plyyard.lobby.support.LobbyProcess;
import com.plyyard.lobby.support.Processes;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.NewSession;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignOutRequest;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Accounts against two packaged lobby instances (profile prod, the sign-in limits on as shipped, the longest wait cut to
 * 3 s) on one PostgreSQL, from the outside as any client: a session ended on one instance is refused on the other
 * within a second; a thousand wrong passwords from ten addresses leave the lobby serving and the right password working
 * for its owner; and no password, token or code of the run appears in either instance's log.
 */
class AccountsIT {
    private static final String OPERATOR_KEY = "accounts-it-operator-key-0123456789abcdef";
    private static final String PASSWORD = "marble owls in the attic";
    private static final Duration MAX_DELAY = Duration.ofSeconds(3);
    private static EmbeddedPostgresProcess pg;
    private static LobbyProcess a;
    private static LobbyProcess b;
    /** Every secret this class handled: none may be in a log. */
    private static final List<String> secrets = new ArrayList<>();
    private final List<ManagedChannel> channels = new ArrayList<>();

    @BeforeAll
    static void start() {
        pg = EmbeddedPostgresProcess.start();
        Map<String, String> env = Map.of("OPERATOR_KEY", OPERATOR_KEY,
            "PLYYARD_LOBBY_RATE_LIMITS_SIGN_IN_FAILURES_MAX_DELAY", MAX_DELAY.toSeconds() + "s");
        // no rules-service or ai-service: nothing here plays
        a = LobbyProcess.start(Processes.freePort(), pg, Processes.freePort(), Processes.freePort(), env, "accounts-a");
        b = LobbyProcess.start(Processes.freePort(), pg, Processes.freePort(), Processes.freePort(), env, "accounts-b");
    }

    @AfterAll
    static void stop() {
        for (LobbyProcess p : new LobbyProcess[] {a, b}) {
            if (p != null) {
                p.stop();
            }
        }
        if (pg != null) {
            pg.close();
        }
    }

    @org.junit.jupiter.api.AfterEach
    void closeChannels() {
        channels.forEach(ManagedChannel::shutdownNow);
    }

    private static AccountServiceGrpc.AccountServiceBlockingStub accounts(Channel ch) {
        return AccountServiceGrpc.newBlockingStub(ch).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static Channel bearer(Channel ch, String token) {
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        return ClientInterceptors.intercept(ch, MetadataUtils.newAttachHeadersInterceptor(md));
    }

    private static SignUpResponse signUp(Channel ch, String name) {
        SignUpResponse r = accounts(ch).signUp(SignUpRequest.newBuilder().setName(name).setPassword(PASSWORD)
            .setDeviceLabel("accounts-it").build());
        secrets.add(r.getSession().getToken());
        secrets.addAll(r.getRecoveryCodesList());
        return r;
    }

    private static NewSession signIn(Channel ch, String name, String password) {
        NewSession s = accounts(ch).signIn(SignInRequest.newBuilder().setName(name).setPassword(password).build())
            .getSession();
        secrets.add(s.getToken());
        return s;
    }

    /** Polls {@code ch} with the token until it is refused; how long that took. */
    private static Duration untilRefused(Channel ch, String token) {
        long start = System.nanoTime();
        while (true) {
            try {
                LobbyServiceGrpc.newBlockingStub(bearer(ch, token)).withDeadlineAfter(5, TimeUnit.SECONDS)
                    .whoAmI(WhoAmIRequest.getDefaultInstance());
            } catch (StatusRuntimeException e) {
                assertEquals(Status.Code.UNAUTHENTICATED, e.getStatus().getCode(), e.toString());
                return Duration.ofNanos(System.nanoTime() - start);
            }
            if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(10)) {
                throw new AssertionError("the token still works after 10 s");
            }
            sleep(20);
        }
    }

    @Test
    void aSessionEndedOnOneInstanceIsRefusedOnTheOtherWithinASecond() {
        String name = "both-" + UUID.randomUUID().toString().substring(0, 8);
        NewSession first = signUp(a.channel(), name).getSession();
        NewSession second = signIn(b.channel(), name, PASSWORD);
        // both known (and cached) on both instances
        for (LobbyProcess p : new LobbyProcess[] {a, b}) {
            for (NewSession s : new NewSession[] {first, second}) {
                assertEquals(first.getPlayer(), LobbyServiceGrpc.newBlockingStub(bearer(p.channel(), s.getToken()))
                    .whoAmI(WhoAmIRequest.getDefaultInstance()));
            }
        }
        accounts(bearer(a.channel(), first.getToken())).signOut(SignOutRequest.getDefaultInstance());
        Duration took = untilRefused(b.channel(), first.getToken());
        assertTrue(took.compareTo(Duration.ofSeconds(1)) < 0, "signed out on A, refused on B after " + took);
        OperatorServiceGrpc.newBlockingStub(bearer(b.channel(), OPERATOR_KEY)).disableAccount(DisableAccountRequest
            .newBuilder().setPlayerName(name).setOperatorName("accounts-it").build());
        took = untilRefused(a.channel(), second.getToken());
        assertTrue(took.compareTo(Duration.ofSeconds(1)) < 0, "disabled on B, refused on A after " + took);
    }

    /** A channel to the lobby whose connections come from 127.0.0.{@code host} (every 127/8 address is this machine's). */
    private ManagedChannel from(LobbyProcess lobby, int host) {
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", lobby.port()).usePlaintext()
            .localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                @Override
                public java.net.SocketAddress createSocketAddress(java.net.SocketAddress remote, io.grpc.Attributes attrs) {
                    return new InetSocketAddress("127.0.0." + host, 0);
                }
            }).build();
        channels.add(ch);
        return ch;
    }

    @Test
    void aThousandWrongPasswordsFromTenAddressesLeaveTheOwnerIn() throws Exception {
        String name = "target-" + UUID.randomUUID().toString().substring(0, 8);
        ManagedChannel home = from(a, 50);
        signUp(home, name); // the owner's device: 127.0.0.50 has a session
        Map<Status.Code, Integer> answers = new EnumMap<>(Status.Code.class);
        List<Thread> attackers = new ArrayList<>();
        for (int host = 2; host < 12; host++) {
            ManagedChannel ch = from(host % 2 == 0 ? a : b, host);
            Thread t = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    Status.Code code;
                    try {
                        accounts(ch).signIn(SignInRequest.newBuilder().setName(name).setPassword("guess number " + i)
                            .build());
                        code = Status.Code.OK;
                    } catch (StatusRuntimeException e) {
                        code = e.getStatus().getCode();
                    }
                    synchronized (answers) {
                        answers.merge(code, 1, Integer::sum);
                    }
                }
            });
            attackers.add(t);
            t.start();
        }
        for (Thread t : attackers) {
            t.join(TimeUnit.MINUTES.toMillis(5));
        }
        assertEquals(1000, answers.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(Map.of(Status.Code.UNAUTHENTICATED, answers.get(Status.Code.UNAUTHENTICATED),
            Status.Code.RESOURCE_EXHAUSTED, answers.get(Status.Code.RESOURCE_EXHAUSTED)), answers,
            "only wrong passwords and waits, never an error");
        assertTrue(answers.get(Status.Code.RESOURCE_EXHAUSTED) > 900, "most guesses were not even checked: " + answers);
        for (LobbyProcess p : new LobbyProcess[] {a, b}) {
            assertEquals(HealthCheckResponse.ServingStatus.SERVING, HealthGrpc.newBlockingStub(p.channel())
                .check(HealthCheckRequest.getDefaultInstance()).getStatus());
        }
        // the owner's own device at once; a new device of theirs after the account's wait (at most MAX_DELAY)
        assertEquals(name, signIn(home, name, PASSWORD).getPlayer().getName());
        ManagedChannel phone = from(b, 60);
        long start = System.nanoTime();
        while (true) {
            try {
                assertEquals(name, signIn(phone, name, PASSWORD).getPlayer().getName());
                break;
            } catch (StatusRuntimeException e) {
                assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.toString());
                RetryInfo retry = StatusProto.fromThrowable(e).getDetails(0).unpack(RetryInfo.class);
                long wait = retry.getRetryDelay().getSeconds() * 1000 + retry.getRetryDelay().getNanos() / 1_000_000;
                assertTrue(wait <= MAX_DELAY.toMillis(), "wait " + wait + " ms");
                sleep(wait + 10);
            }
            assertTrue(System.nanoTime() - start < MAX_DELAY.multipliedBy(3).toNanos(), "the owner got in in time");
        }
    }

    @Test
    void noPasswordTokenOrCodeIsInAnyLogLine() throws IOException {
        String name = "quiet-" + UUID.randomUUID().toString().substring(0, 8);
        SignUpResponse up = signUp(a.channel(), name);
        assertStatus(Status.Code.UNAUTHENTICATED, () -> signIn(b.channel(), name, "a wrong password here"));
        NewSession s = signIn(b.channel(), name, PASSWORD);
        String changed = "a changed password now";
        accounts(bearer(a.channel(), s.getToken())).changePassword(ChangePasswordRequest.newBuilder()
            .setCurrentPassword(PASSWORD).setNewPassword(changed).build());
        String reset = OperatorServiceGrpc.newBlockingStub(bearer(a.channel(), OPERATOR_KEY)).issueResetToken(
            IssueResetTokenRequest.newBuilder().setPlayerName(name).setOperatorName("accounts-it").build()).getResetToken();
        secrets.add(reset);
        String recovered = "recovered at last, again";
        NewSession r1 = accounts(b.channel()).recoverAccount(RecoverAccountRequest.newBuilder().setName(name).setCode(reset)
            .setNewPassword(recovered).build()).getSession();
        NewSession r2 = accounts(a.channel()).recoverAccount(RecoverAccountRequest.newBuilder().setName(name)
            .setCode(up.getRecoveryCodes(0)).setNewPassword(PASSWORD + " twice").build()).getSession();
        secrets.addAll(List.of(r1.getToken(), r2.getToken(), OPERATOR_KEY, PASSWORD, changed, recovered,
            "a wrong password here", PASSWORD + " twice"));
        sleep(500); // the lines of the last calls are written
        String logs = Files.readString(a.log()) + Files.readString(b.log());
        assertTrue(logs.contains("player " + name + " signed in from"), "the run was logged");
        assertTrue(logs.contains("operator accounts-it issued a reset token for player " + name));
        for (String secret : secrets) {
            assertFalse(logs.contains(secret), "a secret of this run is in a log line: " + secret.substring(0, 4) + "…");
            if (secret.contains("-") && secret.length() == 19) { // a recovery code, also as typed back without dashes
                assertFalse(logs.contains(secret.replace("-", "")));
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
