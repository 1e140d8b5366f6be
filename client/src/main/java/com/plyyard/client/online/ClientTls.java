package com.plyyard.client.online;

import com.plyyard.client.cli.CliException;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the client reaches a service: plain text (the default, as the platform runs out of the box), or TLS trusting
 * either the JVM's certificate authorities or the certificates in a PEM file ({@code --ca}). With TLS the server's
 * certificate must name the host the client connects to.
 *
 * @param enabled TLS
 * @param ca      the PEM file of trusted certificates, or null for the JVM's own
 */
public record ClientTls(boolean enabled, Path ca) {
    public static final ClientTls PLAIN = new ClientTls(false, null);

    public static ClientTls trusting(Path ca) {
        return new ClientTls(true, ca);
    }

    /** The channel credentials; a {@code --ca} file that cannot be read is bad input (exit code 2). */
    public ChannelCredentials credentials() {
        if (!enabled) {
            return InsecureChannelCredentials.create();
        }
        TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder();
        if (ca != null) {
            if (!Files.isRegularFile(ca) || !Files.isReadable(ca)) {
                throw CliException.badInput("--ca (or PLYYARD_TLS_CA) names " + ca + ", which is not a readable file.");
            }
            try {
                b.trustManager(ca.toFile());
            } catch (IOException | IllegalArgumentException e) {
                throw CliException.badInput("--ca (or PLYYARD_TLS_CA): " + ca + " is not a PEM file of certificates ("
                    + e.getMessage() + ").");
            }
        }
        return b.build();
    }

    public ManagedChannel channel(String host, int port) {
        try {
            return Grpc.newChannelBuilderForAddress(host, port, credentials()).build();
        } catch (IllegalArgumentException | io.grpc.ManagedChannelRegistry.ProviderNotFoundException e) {
            // the transport reads the certificates when it builds the channel: "Unable to create SslContext: ..."
            throw CliException.badInput("--ca (or PLYYARD_TLS_CA): " + ca + " is not a PEM file of certificates.");
        }
    }
}
