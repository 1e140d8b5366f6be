package com.plyyard.client;

import com.plyyard.client.cli.Secrets;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.ChangePasswordRequest;
import com.plyyard.proto.v1.ChangePasswordResponse;
import com.plyyard.proto.v1.GetAccountRequest;
import com.plyyard.proto.v1.GetAccountResponse;
import com.plyyard.proto.v1.SetPasswordRequest;
import com.plyyard.proto.v1.SetPasswordResponse;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code password}: an account registered with a bare token (every account from before passwords) gets a password and
 * ten recovery codes (AccountService.SetPassword), and can then sign in on other devices; an account with a password
 * changes it (ChangePassword: the current one first), which signs out every other session.
 */
@Command(name = "password", mixinStandardHelpOptions = true,
    description = "Sets a password (an account without one; prints its recovery codes) or changes it (signs out every "
        + "other session). Read without echo on a terminal, else one per line from standard input.")
public class PasswordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", paramLabel = "NAME", description = "The player (default: the name used last on this server).")
    String name;

    /** Where the passwords are read from when there is no terminal (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Secrets secrets = Secrets.of(input);
        try (Lobby lobby = server.resume(name)) {
            String me = lobby.me().getName();
            GetAccountResponse account = lobby.call(() -> lobby.accounts().getAccount(GetAccountRequest.getDefaultInstance()));
            if (account.getHasPassword()) {
                String current = secrets.read("current password of " + me + ": ", "current password");
                String fresh = secrets.newPassword("new password: ");
                ChangePasswordResponse r = lobby.checked(() -> lobby.accounts().changePassword(ChangePasswordRequest
                    .newBuilder().setCurrentPassword(current).setNewPassword(fresh).build()));
                out.println("password changed for " + me + " at " + lobby.target() + "; signed out "
                    + AccountText.sessions(r.getSignedOut(), "other"));
            } else {
                String fresh = secrets.newPassword("new password for " + me + ": ");
                SetPasswordResponse r = lobby.call(() -> lobby.accounts().setPassword(SetPasswordRequest.newBuilder()
                    .setNewPassword(fresh).build()));
                out.println("password set for " + me + " at " + lobby.target() + "; sign in on any device with ./plyyard "
                    + "login --name " + me);
                AccountText.printCodes(out, me, r.getRecoveryCodesList());
            }
            out.flush();
            return 0;
        }
    }
}
