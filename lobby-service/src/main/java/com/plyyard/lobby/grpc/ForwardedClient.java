package com.plyyard.lobby.grpc;

import io.grpc.Metadata;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The client address of a call that the lobby's own gRPC-Web bridge forwarded. Such a call reaches the gRPC server from
 * 127.0.0.1, so the bridge names the browser's address in {@link #ADDRESS} and proves it is the bridge with
 * {@link #PROOF}, a secret made at start-up that never leaves this process. The address is believed only with the
 * right proof on a call from a loopback address; the bridge forwards no header of these names from a browser.
 */
public final class ForwardedClient {
    public static final Metadata.Key<String> ADDRESS = Metadata.Key.of("x-plyyard-client-address",
        Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> PROOF = Metadata.Key.of("x-plyyard-bridge-proof",
        Metadata.ASCII_STRING_MARSHALLER);

    private static final String SECRET;

    static {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        SECRET = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private ForwardedClient() {
    }

    /** The proof the bridge sends with every call. */
    public static String proof() {
        return SECRET;
    }

    /**
     * The client's IP address (without the port: every connection of one machine counts as one client); for a call the
     * gRPC-Web bridge forwarded, the browser's.
     */
    static String clientAddress(io.grpc.ServerCall<?, ?> call, Metadata headers) {
        SocketAddress remote = call.getAttributes().get(io.grpc.Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        String forwarded = vouchedAddress(remote, headers);
        if (forwarded != null) {
            return forwarded;
        }
        if (remote instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return remote == null ? "unknown" : remote.toString();
    }

    /** The address the bridge vouches for, or null when the call did not come from it. */
    static String vouchedAddress(SocketAddress remote, Metadata headers) {
        String proof = headers.get(PROOF);
        String address = headers.get(ADDRESS);
        if (proof == null || address == null || address.isBlank() || !(remote instanceof InetSocketAddress inet)
            || inet.getAddress() == null || !inet.getAddress().isLoopbackAddress()) {
            return null;
        }
        boolean right = MessageDigest.isEqual(proof.getBytes(StandardCharsets.US_ASCII),
            SECRET.getBytes(StandardCharsets.US_ASCII));
        return right ? address : null;
    }
}
