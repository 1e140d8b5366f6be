package com.plyyard.client.online;

import com.plyyard.client.cli.CliException;
import com.plyyard.proto.v1.AccountServiceGrpc;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.MatchServiceGrpc;
import com.plyyard.proto.v1.MatchmakingServiceGrpc;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.RegisterResponse;
import com.plyyard.proto.v1.WhoAmIRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * A connection to lobby-service as one player: the channel, the player's token (kept per server and name in
 * {@code $PLYYARD_HOME/credentials.properties}, default {@code ~/.plyyard}), and authorised stubs. The first
 * command against a server registers the player (with {@code --name}, or a generated name).
 */
public final class Lobby implements AutoCloseable {
    private final String target;
    private final ManagedChannel channel;
    private final ClientTls tls;
    private final Metadata auth = new Metadata();
    private Player me;

    private Lobby(String target, ManagedChannel channel, ClientTls tls) {
        this.target = target;
        this.channel = channel;
        this.tls = tls;
    }

    /** Connects in plain text and signs in (registering when this server has no token for us yet). */
    public static Lobby connect(String target, String name) {
        return connect(target, name, ClientTls.PLAIN);
    }

    /** Connects (plain text or TLS) and signs in (registering when this server has no token for us yet). */
    public static Lobby connect(String target, String name, ClientTls tls) {
        Lobby lobby = anonymous(target, tls);
        try {
            lobby.signIn(name);
        } catch (RuntimeException e) {
            lobby.close();
            throw e;
        }
        return lobby;
    }

    /**
     * A connection that is not signed in: for sign-up, sign-in and recovery, which need no session
     * ({@link #adopt} then makes it the new session's), and for a session known from {@link #stored}.
     */
    public static Lobby anonymous(String target, ClientTls tls) {
        String[] hostPort = target.split(":");
        if (hostPort.length != 2 || !hostPort[1].matches("\\d+")) {
            throw CliException.badInput("--target must be host:port, not '" + target + "'.");
        }
        return new Lobby(target, tls.channel(hostPort[0], Integer.parseInt(hostPort[1])), tls);
    }

    /** A session this machine could sign in with: its player's name, its token, and whether PLYYARD_TOKEN gave it. */
    public record Stored(String name, String token, boolean fromEnvironment) {
    }

    /**
     * The session this machine keeps for {@code name} on {@code target} (the name used last there when null), or the one
     * PLYYARD_TOKEN gives; the server is not asked. Empty when there is none.
     */
    public static java.util.Optional<Stored> stored(String target, String name) {
        String who = name != null ? name.strip() : Credentials.lastName(target).orElse(null);
        String envToken = System.getenv("PLYYARD_TOKEN");
        if (envToken != null) {
            return java.util.Optional.of(new Stored(who == null ? "" : who, envToken, true));
        }
        return who == null ? java.util.Optional.empty()
            : Credentials.token(target, who).map(token -> new Stored(who, token, false));
    }

    /** The name used last on {@code target} (the default of a command without {@code --name}), if any. */
    public static java.util.Optional<String> lastName(String target) {
        return Credentials.lastName(target);
    }

    /**
     * Signs in with the session this machine keeps (see {@link #stored}) and never registers: the commands that act on
     * an account (sessions, passwords, signing out) must not make a new one. A session the lobby refuses is forgotten.
     */
    public static Lobby resume(String target, String name, ClientTls tls) {
        Stored stored = stored(target, name).orElseThrow(() -> new CliException(CliException.FAILED, name == null
            && Credentials.lastName(target).isEmpty()
            ? "This machine is not signed in at " + target + "; sign in with ./plyyard login --name NAME, or sign up with "
                + "./plyyard register --name NAME."
            : "This machine is not signed in as " + (name != null ? name.strip() : Credentials.lastName(target).get())
                + " at " + target + "; sign in with ./plyyard login --name "
                + (name != null ? name.strip() : Credentials.lastName(target).get()) + "."));
        Lobby lobby = anonymous(target, tls);
        try {
            lobby.useToken(stored.token());
            try {
                lobby.me = LobbyServiceGrpc.newBlockingStub(lobby.channel).withInterceptors(lobby.auth())
                    .withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance());
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAUTHENTICATED || stored.fromEnvironment()) {
                    throw lobby.failure(e);
                }
                Credentials.forget(target, stored.name());
                throw new CliException(CliException.FAILED, "The session this machine kept for " + stored.name() + " at "
                    + target + " has ended (" + String.valueOf(e.getStatus().getDescription()).strip().replaceAll("[.]$", "")
                    + "); sign in again with ./plyyard login --name " + stored.name() + ".");
            }
            return lobby;
        } catch (RuntimeException e) {
            lobby.close();
            throw e;
        }
    }

    /** Makes this connection act with {@code token} (a session from {@link #stored}), without asking the server. */
    public Lobby withToken(String token) {
        useToken(token);
        return this;
    }

    /**
     * Takes a session that SignUp, SignIn or RecoverAccount made: its token is used from now on and kept in the
     * credentials file for its player on this server (also when PLYYARD_TOKEN is set, which still comes first).
     */
    public void adopt(com.plyyard.proto.v1.NewSession session) {
        useToken(session.getToken());
        me = session.getPlayer();
        Credentials.remember(target, me.getName(), session.getToken());
    }

    /** Forgets the token kept for {@code name} on this server (its session ended); false when there was none. */
    public boolean forget(String name) {
        return Credentials.forget(target, name);
    }

    /**
     * Tokens are kept per server and name ({@link Credentials}), and the last name used per server is the default when
     * no {@code --name} is given, so one machine can act as several players.
     */
    private void signIn(String name) {
        String envToken = System.getenv("PLYYARD_TOKEN");
        String who = name != null ? name.strip() : Credentials.lastName(target).orElse(null);
        String token = envToken;
        if (token == null && who != null) {
            token = Credentials.token(target, who).orElse(null);
        }
        String refused = null;
        if (token != null) {
            useToken(token);
            try {
                me = LobbyServiceGrpc.newBlockingStub(channel).withInterceptors(auth())
                    .withDeadlineAfter(10, TimeUnit.SECONDS).whoAmI(WhoAmIRequest.getDefaultInstance());
                remember(token);
                return;
            } catch (StatusRuntimeException e) {
                if (envToken != null || e.getStatus().getCode() != Status.Code.UNAUTHENTICATED) {
                    throw failure(e);
                }
                // a stale token (the server's data was wiped, or the session ended): register again below
                refused = e.getStatus().getDescription();
            }
        }
        String wanted = who != null ? who : "player" + Long.toString(System.nanoTime() % 1_000_000, 36);
        RegisterResponse r;
        try {
            r = LobbyServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                .register(RegisterRequest.newBuilder().setName(wanted).build());
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.ALREADY_EXISTS) {
                if (refused != null) {
                    Credentials.forget(target, wanted); // the session is over: never offer its token again
                }
                throw CliException.badInput("The name '" + wanted + "' is taken on " + target
                    + " and this machine has no token for it" + (refused == null ? "" : " (the one it had was refused: "
                    + refused.strip().replaceAll("[.]$", "") + ")") + "; if it is yours, sign in with ./plyyard login --name "
                    + wanted + ", otherwise choose another --name (or set PLYYARD_TOKEN).");
            }
            throw failure(e);
        }
        useToken(r.getToken());
        me = r.getPlayer();
        remember(r.getToken());
    }

    private void remember(String token) {
        if (System.getenv("PLYYARD_TOKEN") != null) {
            return; // a token from the environment is not written to disk
        }
        Credentials.remember(target, me.getName(), token);
    }

    private void useToken(String token) {
        auth.removeAll(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER));
        auth.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    }

    private io.grpc.ClientInterceptor auth() {
        return MetadataUtils.newAttachHeadersInterceptor(auth);
    }

    public Player me() {
        return me;
    }

    public String target() {
        return target;
    }

    public MatchServiceGrpc.MatchServiceBlockingStub matches() {
        return MatchServiceGrpc.newBlockingStub(channel).withInterceptors(auth());
    }

    public MatchServiceGrpc.MatchServiceStub matchStreams() {
        return MatchServiceGrpc.newStub(channel).withInterceptors(auth());
    }

    public MatchmakingServiceGrpc.MatchmakingServiceBlockingStub matchmaking() {
        return MatchmakingServiceGrpc.newBlockingStub(channel).withInterceptors(auth());
    }

    public MatchmakingServiceGrpc.MatchmakingServiceStub matchmakingStreams() {
        return MatchmakingServiceGrpc.newStub(channel).withInterceptors(auth());
    }

    /** Accounts: sign-up, sign-in and recovery need no session; the other calls act on this session's account. */
    public AccountServiceGrpc.AccountServiceBlockingStub accounts() {
        return AccountServiceGrpc.newBlockingStub(channel).withInterceptors(auth()).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    public LearnServiceGrpc.LearnServiceBlockingStub learn() {
        return LearnServiceGrpc.newBlockingStub(channel).withInterceptors(auth());
    }

    /** Runs a call; a failure becomes one clear sentence (exit code 1, or 2 for bad input). */
    public <T> T call(java.util.function.Supplier<T> rpc) {
        try {
            return rpc.get();
        } catch (StatusRuntimeException e) {
            throw failure(e);
        }
    }

    /**
     * Runs a call that checks a password or a recovery code (sign-up, sign-in, recovery, a password change): a wrong one
     * (UNAUTHENTICATED) is a refused request with the lobby's sentence (exit code 2), as are the other refusals; the
     * sign-in limits (RESOURCE_EXHAUSTED) give the lobby's sentence, which says how long to wait (exit code 1).
     */
    public <T> T checked(java.util.function.Supplier<T> rpc) {
        try {
            return rpc.get();
        } catch (StatusRuntimeException e) {
            throw refusal(e);
        }
    }

    /** The sentence for a failed call that checks a password or a code: see {@link #checked}. */
    public CliException refusal(StatusRuntimeException e) {
        String d = e.getStatus().getDescription();
        return switch (e.getStatus().getCode()) {
            case UNAUTHENTICATED -> new CliException(CliException.BAD_INPUT, d == null ? "UNAUTHENTICATED" : d);
            case RESOURCE_EXHAUSTED -> new CliException(CliException.FAILED, d == null
                ? "lobby-service at " + target + " refuses sign-ins for now; try again later." : d);
            default -> failure(e);
        };
    }

    /** The sentence for a failed call. */
    public CliException failure(StatusRuntimeException e) {
        Status.Code code = e.getStatus().getCode();
        String d = e.getStatus().getDescription();
        return switch (code) {
            case UNAVAILABLE -> unavailable(e);
            case UNAUTHENTICATED -> new CliException(CliException.FAILED, "lobby-service at " + target
                + " does not accept this player's token (" + d + "); sign in again with --name.");
            case DEADLINE_EXCEEDED -> new CliException(CliException.FAILED, "lobby-service at " + target
                + " did not answer in time.");
            case FAILED_PRECONDITION -> new CliException(CliException.BAD_INPUT, d == null ? code.toString()
                : MyMatches.nameTheBusyMatch(this, d));
            case INVALID_ARGUMENT, NOT_FOUND, PERMISSION_DENIED, ALREADY_EXISTS, ABORTED ->
                new CliException(CliException.BAD_INPUT, d == null ? code.toString() : d);
            case UNIMPLEMENTED -> new CliException(CliException.FAILED, "lobby-service at " + target + " does not offer this "
                + "call (" + (d == null ? "UNIMPLEMENTED" : d.strip().replaceAll("[.]$", "")) + "); it is older than this client.");
            default -> new CliException(CliException.FAILED, "lobby-service failed: " + code + (d == null ? "" : " — " + d));
        };
    }

    /**
     * UNAVAILABLE: nothing listens (start the platform), or the two ends disagree about TLS — a certificate this client
     * does not trust, TLS to a plain-text port, plain text to a TLS port (which closes the connection at once).
     */
    private CliException unavailable(StatusRuntimeException e) {
        if (cause(e, java.net.ConnectException.class) != null) {
            e = againWhereSomethingListens().orElse(e);
        }
        Throwable handshake = cause(e, javax.net.ssl.SSLHandshakeException.class);
        if (tls.enabled() && handshake != null) {
            return new CliException(CliException.FAILED, "lobby-service at " + target + " failed the TLS handshake ("
                + handshake.getMessage() + "); if its certificate is your own, give the CA that signed it with --ca FILE "
                + "(or PLYYARD_TLS_CA).");
        }
        if (tls.enabled() && (cause(e, javax.net.ssl.SSLException.class) != null || notTls(e))) {
            return new CliException(CliException.FAILED, "lobby-service at " + target + " does not speak TLS; connect "
                + "without --tls and --ca (and PLYYARD_TLS_CA).");
        }
        if (!tls.enabled() && cause(e, java.net.ConnectException.class) == null && closed(e)) {
            return new CliException(CliException.FAILED, "lobby-service at " + target + " closed the connection; if it "
                + "serves TLS, connect with --tls (and --ca FILE for a certificate of your own).");
        }
        return new CliException(CliException.FAILED, "lobby-service at " + target
            + " is not reachable; start the platform with ./plyyard up.");
    }

    /**
     * A host with several addresses (Debian's /etc/hosts gives {@code localhost} both ::1 and 127.0.0.1) where the
     * lobby listens on one: when the call fails on that one (a TLS mismatch), the channel tries the next and reports
     * only that last refusal, which would read "not reachable". So when a connection was refused, find an address of
     * the host that does accept connections and ask it once more, to report what really went wrong there.
     */
    private java.util.Optional<StatusRuntimeException> againWhereSomethingListens() {
        int colon = target.lastIndexOf(':');
        String host = target.substring(0, colon);
        int port = Integer.parseInt(target.substring(colon + 1));
        java.net.InetAddress[] addresses;
        try {
            addresses = java.net.InetAddress.getAllByName(host);
        } catch (java.net.UnknownHostException ex) {
            return java.util.Optional.empty();
        }
        if (addresses.length < 2) {
            return java.util.Optional.empty();
        }
        for (java.net.InetAddress address : addresses) {
            java.net.InetSocketAddress at = new java.net.InetSocketAddress(address, port);
            try (java.net.Socket probe = new java.net.Socket()) {
                probe.connect(at, 1000);
            } catch (IOException ex) {
                continue; // nothing listens there
            }
            ManagedChannel direct = io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder.forAddress(at, tls.credentials())
                .overrideAuthority(target).build();
            try {
                LobbyServiceGrpc.newBlockingStub(direct).withDeadlineAfter(5, TimeUnit.SECONDS)
                    .whoAmI(WhoAmIRequest.getDefaultInstance());
                return java.util.Optional.empty(); // it answers: the refusal stands as it was
            } catch (StatusRuntimeException there) {
                return there.getStatus().getCode() == Status.Code.UNAVAILABLE ? java.util.Optional.of(there)
                    : java.util.Optional.empty();
            } finally {
                direct.shutdownNow();
            }
        }
        return java.util.Optional.empty();
    }

    private static Throwable cause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return c;
            }
        }
        return null;
    }

    /** Netty's "not an SSL/TLS record": a plain-text server answered the TLS client. */
    private static boolean notTls(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getClass().getSimpleName().equals("NotSslRecordException")) {
                return true;
            }
        }
        return false;
    }

    /** The server accepted the connection and closed it without a word (a TLS port meeting plain text). */
    private static boolean closed(StatusRuntimeException e) {
        String d = e.getStatus().getDescription();
        return d != null && (d.contains("Network closed") || d.contains("Connection closed"));
    }

    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
