package com.plyyard.client;

import com.plyyard.client.cli.Secrets;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.SignInRequest;
import com.plyyard.proto.v1.SignInResponse;
import com.plyyard.proto.v1.SignOutRequest;
import io.grpc.StatusRuntimeException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code login --name N}: signs in with the account's password (AccountService.SignIn), a new session for this machine.
 * Its token is kept as every token is, per server and name; a session this machine kept for the name before is signed
 * out, so that no session is left that nobody holds.
 */
@Command(name = "login", mixinStandardHelpOptions = true,
    description = "Signs in with a password: a new session on this machine (the password is read without echo on a "
        + "terminal, else from a line of standard input).")
public class LoginCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The player name (any case).")
    String name;

    /** Where the password is read from when there is no terminal (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String password = Secrets.of(input).read("password for " + name + ": ", "password");
        try (Lobby lobby = server.anonymous()) {
            Optional<Lobby.Stored> before = Lobby.stored(lobby.target(), name).filter(s -> !s.fromEnvironment());
            SignInResponse r = lobby.checked(() -> lobby.accounts().signIn(SignInRequest.newBuilder().setName(name)
                .setPassword(password).setDeviceLabel(AccountText.deviceLabel()).build()));
            lobby.adopt(r.getSession());
            before.filter(s -> !s.token().equals(r.getSession().getToken())).ifPresent(s -> signOut(s.token()));
            out.println("signed in as " + lobby.me().getName() + " at " + lobby.target());
            out.flush();
            return 0;
        }
    }

    /** Ends the session this machine kept before, if it still works; nothing else depends on it. */
    private void signOut(String token) {
        try (Lobby old = server.anonymous().withToken(token)) {
            old.accounts().signOut(SignOutRequest.getDefaultInstance());
        } catch (StatusRuntimeException ended) {
            // ended already, or a lobby without the call: the new session stands either way
        }
    }
}
