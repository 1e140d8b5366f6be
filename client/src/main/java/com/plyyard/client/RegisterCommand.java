package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.cli.Secrets;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.SignUpRequest;
import com.plyyard.proto.v1.SignUpResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code register --name N}: signs up (AccountService.SignUp) — a new account with a password, signed in on this
 * machine — and prints its ten recovery codes, the only time they are shown. The password is read twice.
 */
@Command(name = "register", mixinStandardHelpOptions = true,
    description = "Signs up: a new account with a password, signed in here; prints its recovery codes once. The password "
        + "is read twice, without echo on a terminal, else one line each from standard input.")
public class RegisterCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", required = true, paramLabel = "NAME",
        description = "The player name: 2 to 32 letters, digits, '_' or '-', unique ignoring case.")
    String name;

    /** Where the password is read from when there is no terminal (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String password = Secrets.of(input).newPassword("password for " + name + ": ");
        try (Lobby lobby = server.anonymous()) {
            SignUpResponse r;
            try {
                r = lobby.accounts().signUp(SignUpRequest.newBuilder().setName(name).setPassword(password)
                    .setDeviceLabel(AccountText.deviceLabel()).build());
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() == Status.Code.ALREADY_EXISTS) {
                    throw taken(lobby);
                }
                throw lobby.refusal(e);
            }
            lobby.adopt(r.getSession());
            out.println("signed up as " + lobby.me().getName() + " at " + lobby.target());
            AccountText.printCodes(out, lobby.me().getName(), r.getRecoveryCodesList());
            out.flush();
            return 0;
        }
    }

    private CliException taken(Lobby lobby) {
        boolean here = Lobby.stored(lobby.target(), name).filter(s -> !s.fromEnvironment()).isPresent();
        return CliException.badInput("The name '" + name + "' is taken on " + lobby.target() + "; " + (here
            ? "this machine is signed in as " + name + " already: ./plyyard password --name " + name
                + " gives that account a password."
            : "if it is yours, sign in with ./plyyard login --name " + name + ", otherwise choose another --name."));
    }
}
