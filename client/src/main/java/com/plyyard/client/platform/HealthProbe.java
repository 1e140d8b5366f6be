package com.plyyard.client.platform;

import com.plyyard.client.online.ClientTls;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Asks a local port what is there: nothing, one of our services, or something else. */
public final class HealthProbe {
    public enum PortState { FREE, OURS, OTHER }

    private HealthProbe() {
    }

    /** True when something accepts TCP connections on localhost:port. */
    public static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("localhost", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The gRPC health of a service on localhost:port, or empty when the port does not answer gRPC health
     * (refused, not gRPC, no health service).
     */
    public static Optional<ServingStatus> health(int port, String service, long timeoutMillis) {
        return health(port, service, timeoutMillis, ClientTls.PLAIN);
    }

    /** As {@link #health(int, String, long)}, over TLS when {@code tls} says so. */
    public static Optional<ServingStatus> health(int port, String service, long timeoutMillis, ClientTls tls) {
        ManagedChannel channel = tls.channel("localhost", port);
        try {
            return Optional.of(HealthGrpc.newBlockingStub(channel)
                .withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build())
                .getStatus());
        } catch (StatusRuntimeException e) {
            return Optional.empty();
        } finally {
            channel.shutdownNow();
            try {
                channel.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static boolean serving(int port, String service) {
        return serving(port, service, ClientTls.PLAIN);
    }

    public static boolean serving(int port, String service, ClientTls tls) {
        return health(port, service, 1000, tls).orElse(null) == ServingStatus.SERVING;
    }

    public static PortState portState(int port, String service) {
        return portState(port, service, ClientTls.PLAIN);
    }

    /** With TLS: one of our services answers over TLS, or (an earlier platform started without TLS) in plain text. */
    public static PortState portState(int port, String service, ClientTls tls) {
        if (!listening(port)) {
            return PortState.FREE;
        }
        if (ours(health(port, service, 3000, tls)) || (tls.enabled() && ours(health(port, service, 3000, ClientTls.PLAIN)))) {
            return PortState.OURS;
        }
        return PortState.OTHER;
    }

    private static boolean ours(Optional<ServingStatus> status) {
        return status.isPresent() && (status.get() == ServingStatus.SERVING || status.get() == ServingStatus.NOT_SERVING);
    }
}
