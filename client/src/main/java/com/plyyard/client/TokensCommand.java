package com.plyyard.client;

import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.RevokeTokensResponse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tokens revoke --player NAME}: the operator revokes every token of a player (OperatorService). */
@Command(name = "tokens", mixinStandardHelpOptions = true, description = "Operator commands for players' tokens.",
    subcommands = TokensCommand.Revoke.class)
public class TokensCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: tokens revoke.");
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
        description = "Revokes every token of a player at once, on every lobby instance. Prints 'revoked player=<name> "
            + "tokens=<n>'. Needs the operator key: $PLYYARD_OPERATOR_KEY, or the one ./plyyard up keeps in the Ply Yard home.")
    static class Revoke implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        OperatorCall operator;

        @Option(names = "--player", required = true, paramLabel = "NAME", description = "The player whose tokens to revoke.")
        String player;

        @Override
        public Integer call() {
            RevokeTokensResponse r = operator.call(s -> s.revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(player)
                .build()));
            spec.commandLine().getOut().println("revoked player=" + r.getPlayer().getName() + " tokens=" + r.getRevoked());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
