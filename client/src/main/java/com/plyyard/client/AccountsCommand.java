package com.plyyard.client;

import com.plyyard.proto.v1.DisableAccountRequest;
import com.plyyard.proto.v1.DisableAccountResponse;
import com.plyyard.proto.v1.EnableAccountRequest;
import com.plyyard.proto.v1.EnableAccountResponse;
import com.plyyard.proto.v1.IssueResetTokenRequest;
import com.plyyard.proto.v1.IssueResetTokenResponse;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code accounts reset-token|disable|enable --player NAME}: the operator's account commands (OperatorService), beside
 * {@code tokens revoke}. The lobby records each with the operator's name, this machine's user name.
 */
@Command(name = "accounts", mixinStandardHelpOptions = true,
    description = "Operator commands for players' accounts: a one-time reset token, disable, enable. Need the operator key: "
        + "$PLYYARD_OPERATOR_KEY, or the one ./plyyard up keeps in the Ply Yard home.",
    subcommands = {AccountsCommand.ResetToken.class, AccountsCommand.Disable.class, AccountsCommand.Enable.class})
public class AccountsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
            "Missing subcommand: accounts reset-token, disable or enable.");
    }

    @Command(name = "reset-token", mixinStandardHelpOptions = true,
        description = "Issues a one-time reset token for a player who lost both password and recovery codes; the player "
            + "gives it to ./plyyard recover in place of a recovery code. A newer one replaces it; it expires soon.")
    static class ResetToken implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OperatorCall operator;
        @Option(names = "--player", required = true, paramLabel = "NAME", description = "The player (any case).")
        String player;

        @Override
        public Integer call() {
            IssueResetTokenResponse r = operator.call(s -> s.issueResetToken(IssueResetTokenRequest.newBuilder()
                .setPlayerName(player).setOperatorName(OperatorCall.operatorName()).build()));
            PrintWriter out = spec.commandLine().getOut();
            String name = r.getPlayer().getName();
            Instant expires = Instant.ofEpochMilli(r.getExpiresAtEpochMillis());
            out.println("reset_token player=" + name + " token=" + r.getResetToken() + " expires=" + expires);
            out.println("hand it to " + name + " by a way you trust; it works once, until " + expires + ": ./plyyard recover "
                + "--name " + name + " (the token in place of a recovery code)");
            out.flush();
            return 0;
        }
    }

    @Command(name = "disable", mixinStandardHelpOptions = true,
        description = "Disables an account: its sessions end at once on every lobby instance, and it can neither sign in "
            + "nor recover until enabled. Its matches and ratings stay.")
    static class Disable implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OperatorCall operator;
        @Option(names = "--player", required = true, paramLabel = "NAME", description = "The player (any case).")
        String player;
        @Option(names = "--reason", paramLabel = "TEXT", description = "Why (recorded, and told to the player; at most 200 characters).")
        String reason;

        @Override
        public Integer call() {
            DisableAccountResponse r = operator.call(s -> s.disableAccount(DisableAccountRequest.newBuilder()
                .setPlayerName(player).setOperatorName(OperatorCall.operatorName()).setReason(reason == null ? "" : reason)
                .build()));
            spec.commandLine().getOut().println("disabled player=" + r.getPlayer().getName() + " sessions_ended="
                + r.getSessionsEnded());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "enable", mixinStandardHelpOptions = true,
        description = "Enables a disabled account again; its player signs in anew.")
    static class Enable implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        OperatorCall operator;
        @Option(names = "--player", required = true, paramLabel = "NAME", description = "The player (any case).")
        String player;

        @Override
        public Integer call() {
            EnableAccountResponse r = operator.call(s -> s.enableAccount(EnableAccountRequest.newBuilder()
                .setPlayerName(player).setOperatorName(OperatorCall.operatorName()).build()));
            spec.commandLine().getOut().println("enabled player=" + r.getPlayer().getName() + " was_disabled="
                + r.getWasDisabled());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
