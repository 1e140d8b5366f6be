package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.TlsArgs;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import com.plyyard.proto.v1.RevokeTokensRequest;
import com.plyyard.proto.v1.RevokeTokensResponse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
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

        @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
            description = "lobby-service (default ${DEFAULT-VALUE}).")
        String target;

        @picocli.CommandLine.Mixin
        TlsArgs tls;

        @Option(names = "--player", required = true, paramLabel = "NAME", description = "The player whose tokens to revoke.")
        String player;

        @Override
        public Integer call() {
            String[] hostPort = target.split(":");
            if (hostPort.length != 2 || !hostPort[1].matches("\\d+")) {
                throw CliException.badInput("--target must be host:port, not '" + target + "'.");
            }
            String key = OperatorKey.find();
            Metadata md = new Metadata();
            md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
            ManagedChannel channel = tls.clientTls().channel(hostPort[0], Integer.parseInt(hostPort[1]));
            try {
                RevokeTokensResponse r = OperatorServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md)).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .revokeTokens(RevokeTokensRequest.newBuilder().setPlayerName(player).build());
                spec.commandLine().getOut().println("revoked player=" + r.getPlayer().getName() + " tokens=" + r.getRevoked());
                spec.commandLine().getOut().flush();
                return 0;
            } catch (StatusRuntimeException e) {
                Status.Code code = e.getStatus().getCode();
                String d = e.getStatus().getDescription();
                throw switch (code) {
                    case UNAVAILABLE -> new CliException(CliException.FAILED, "lobby-service at " + target + " is not reachable.");
                    case INVALID_ARGUMENT, NOT_FOUND -> new CliException(CliException.BAD_INPUT, d);
                    default -> new CliException(CliException.FAILED, "lobby-service refused: " + code + (d == null ? "" : " — " + d));
                };
            } finally {
                channel.shutdownNow();
            }
        }
    }
}
