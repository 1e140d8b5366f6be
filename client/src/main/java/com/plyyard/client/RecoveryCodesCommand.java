package com.plyyard.client;

import com.plyyard.client.cli.Secrets;
import com.plyyard.client.online.Lobby;
import com.plyyard.proto.v1.ReplaceRecoveryCodesRequest;
import com.plyyard.proto.v1.ReplaceRecoveryCodesResponse;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code recovery-codes}: ten new recovery codes for the account, shown once; the old ones stop working. */
@Command(name = "recovery-codes", mixinStandardHelpOptions = true,
    description = "Replaces the account's recovery codes with ten new ones, shown once (needs the current password).")
public class RecoveryCodesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerArgs server;

    @Option(names = "--name", paramLabel = "NAME", description = "The player (default: the name used last on this server).")
    String name;

    /** Where the password is read from when there is no terminal (tests replace it). */
    InputStream input = System.in;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Lobby lobby = server.resume(name)) {
            String me = lobby.me().getName();
            String current = Secrets.of(input).read("current password of " + me + ": ", "current password");
            ReplaceRecoveryCodesResponse r = lobby.checked(() -> lobby.accounts().replaceRecoveryCodes(
                ReplaceRecoveryCodesRequest.newBuilder().setCurrentPassword(current).build()));
            out.println("new recovery codes for " + me + " at " + lobby.target() + "; the earlier ones no longer work");
            AccountText.printCodes(out, me, r.getRecoveryCodesList());
            out.flush();
            return 0;
        }
    }
}
