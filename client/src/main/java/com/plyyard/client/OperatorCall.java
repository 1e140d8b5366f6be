package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.client.online.TlsArgs;
import com.plyyard.proto.v1.OperatorServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options and the one call of an operator command ({@code tokens revoke}, {@code accounts …}): OperatorService
 * with the operator key ({@link OperatorKey}) as the bearer token; a refusal becomes one sentence.
 */
public class OperatorCall {
    @Option(names = "--target", defaultValue = "localhost:7070", paramLabel = "HOST:PORT",
        description = "lobby-service (default ${DEFAULT-VALUE}).")
    String target;

    @Mixin
    TlsArgs tls;

    /** Who the lobby records as having acted: this machine's user name. */
    static String operatorName() {
        String user = System.getProperty("user.name", "").strip();
        return user.isEmpty() ? "operator" : user.length() > 64 ? user.substring(0, 64) : user;
    }

    /** Calls the operator service once; NOT_FOUND and INVALID_ARGUMENT are bad input (exit 2), the rest failures (1). */
    <T> T call(Function<OperatorServiceGrpc.OperatorServiceBlockingStub, T> rpc) {
        String[] hostPort = target.split(":");
        if (hostPort.length != 2 || !hostPort[1].matches("\\d+")) {
            throw CliException.badInput("--target must be host:port, not '" + target + "'.");
        }
        String key = OperatorKey.find();
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
        ManagedChannel channel = tls.clientTls().channel(hostPort[0], Integer.parseInt(hostPort[1]));
        try {
            return rpc.apply(OperatorServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md)).withDeadlineAfter(10, TimeUnit.SECONDS));
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
