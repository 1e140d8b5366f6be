package com.plyyard.client;

import com.plyyard.client.cli.Secrets;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.RecoverAccountRequest;
import com.plyyard.proto.v1.RecoverAccountResponse;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code recover --name N}: the password is lost — a recovery code (or a reset token from an operator), then a new
 * password, twice (AccountService.RecoverAccount). Every session of the account is signed out and this machine signed in.
 */
@Command(name = "recover", mixinStandardHelpOptions = true,
    description = "Restores an account whose password is lost: a recovery code (or an operator's reset token), then a new "
        + "password, twice; signs out every session and signs in here.")
public class RecoverCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The player name (any case).")
    String name;

    /** Where the code and the password are read from when there is no terminal (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Secrets secrets = Secrets.of(input);
        String code = secrets.read("recovery code (or reset token) for " + name + ": ", "recovery code");
        String password = secrets.newPassword("new password: ");
        try (Lobby lobby = server.anonymous()) {
            RecoverAccountResponse r = lobby.checked(() -> lobby.accounts().recoverAccount(RecoverAccountRequest.newBuilder()
                .setName(name).setCode(code.strip()).setNewPassword(password).setDeviceLabel(AccountText.deviceLabel())
                .build()));
            lobby.adopt(r.getSession());
            String me = lobby.me().getName();
            out.println("signed in as " + me + " at " + lobby.target());
            out.println("recovered " + me + ": the new password is set and every other session signed out; "
                + r.getRecoveryCodesLeft() + " recovery " + (r.getRecoveryCodesLeft() == 1 ? "code" : "codes") + " left"
                + (r.getRecoveryCodesLeft() <= 3 ? " (./plyyard recovery-codes --name " + me + " gives ten new ones)" : ""));
            out.flush();
            return 0;
        }
    }
}
