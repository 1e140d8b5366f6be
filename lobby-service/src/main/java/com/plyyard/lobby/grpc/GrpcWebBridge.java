package com.plyyard.lobby.grpc;

import com.plyyard.grpc.tls.ServerTls;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.TlsChannelCredentials;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import org.jboss.logging.Logger;

/**
 * gRPC-Web on the lobby's own port, so that a browser can call the same contracts (issue 17). Browsers cannot make
 * native gRPC calls: they cannot read HTTP/2 trailers, and on plain {@code http://} they speak HTTP/1.1, which
 * Quarkus does not hand to its gRPC server. A POST with content type {@code application/grpc-web} or
 * {@code application/grpc-web+proto} is taken here, before Quarkus' gRPC route, and forwarded as a native call over a
 * loopback channel to this same port — so every interceptor (authentication, rate limits, the edge guard) and every
 * limit applies to it exactly as to any other client. Answers go back as gRPC-Web frames: each message as
 * {@code 0x00 | length | bytes}, then one trailer frame {@code 0x80 | length | "grpc-status:…\r\ngrpc-message:…\r\n"}.
 * Server streams (WatchMatch, WatchLobby) are written frame by frame as they come, with the browser's pace passed
 * back to the call; a browser that goes away cancels it.
 *
 * <p>A browser can end a call only by cancelling its request, which its developer tools then list as a failed
 * ("canceled") request. So every answer carries a random call id ({@value #CALL_ID_HEADER}), and a POST to
 * {@value #CLOSE_PATH}{@code <id>} ends that call as every call ends: the trailer frame (status OK), then the end of
 * the response; the call behind it is cancelled. The web page closes a stream it leaves this way. The id is the
 * only key: it is unguessable and only the browser that opened the call has read it.
 *
 * <p>gRPC-Web has no client streaming: the request body is exactly one framed message.
 */
@ApplicationScoped
public class GrpcWebBridge {
    private static final Logger LOG = Logger.getLogger(GrpcWebBridge.class);
    static final String CONTENT_TYPE = "application/grpc-web+proto";
    /** The largest request message taken (the gRPC server's own limit). */
    static final int MAX_MESSAGE = 4 * 1024 * 1024;
    /** The answer's header naming the call, for {@link #CLOSE_PATH}. */
    static final String CALL_ID_HEADER = "plyyard-call-id";
    /** POST here, followed by a call's id, to end that call cleanly (204; 404 when no such call is open). */
    static final String CLOSE_PATH = "/grpc-web/close/";
    /** Request headers passed on as call metadata; everything else (hop-by-hop, cookies, …) stays behind. */
    private static final java.util.Set<String> FORWARDED = java.util.Set.of("authorization");

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    @Inject
    Instance<TlsConfigurationRegistry> tlsRegistry;

    private volatile ManagedChannel loopback;
    /** The calls open now, by id: how to end each one cleanly. */
    private final Map<String, Runnable> open = new ConcurrentHashMap<>();

    void routes(@Observes Router router) {
        router.post().order(-100).handler(this::handle);
        router.post(CLOSE_PATH + ":id").order(-99).handler(this::close);
    }

    /** Ends an open call at its browser's request: its answer ends with status OK, the call behind it is cancelled. */
    private void close(RoutingContext ctx) {
        Runnable closer = open.remove(ctx.pathParam("id"));
        if (closer == null) {
            ctx.response().setStatusCode(404).end();
            return;
        }
        closer.run();
        ctx.response().setStatusCode(204).end();
    }

    /** Calls open now (for tests). */
    int openCalls() {
        return open.size();
    }

    /** The channel to this server's own port: the one the browser's request came in on (known from the first one). */
    private ManagedChannel loopback(int port) {
        ManagedChannel channel = loopback;
        if (channel == null) {
            synchronized (this) {
                channel = loopback;
                if (channel == null) {
                    X509Certificate own = ownCertificate();
                    channel = own == null
                        ? ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build()
                        : Grpc.newChannelBuilderForAddress("127.0.0.1", port,
                            TlsChannelCredentials.newBuilder().trustManager(new OwnCertificateOnly(own)).build()).build();
                    loopback = channel;
                    LOG.infof("gRPC-Web bridge: calls go on to 127.0.0.1:%d%s", port, own == null ? "" : " over TLS");
                }
            }
        }
        return channel;
    }

    /**
     * This server's own leaf certificate when it serves TLS (then its port takes nothing else), else null. The TLS
     * registry's {@code plyyard} configuration holds it, whether it came from PEM files or a keystore.
     */
    private X509Certificate ownCertificate() {
        if (!tlsRegistry.isResolvable()) {
            return null;
        }
        TlsConfiguration tls = tlsRegistry.get().get(ServerTls.CONFIGURATION).orElse(null);
        KeyStore keys = tls == null ? null : tls.getKeyStore();
        if (keys == null) {
            return null;
        }
        try {
            for (String alias : Collections.list(keys.aliases())) {
                if (keys.isKeyEntry(alias) && keys.getCertificate(alias) instanceof X509Certificate leaf) {
                    return leaf;
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The server's own certificate cannot be read from its key store.", e);
        }
        throw new IllegalStateException("The server's TLS key store holds no certificate with a key.");
    }

    /**
     * Trust for the loopback call only: the peer must present exactly this server's own certificate. The name in it
     * (the public host name) is not 127.0.0.1, so a name check would fail; pinning the certificate is stricter.
     * Extending X509ExtendedTrustManager keeps the JDK from adding its own host name check around it.
     */
    static final class OwnCertificateOnly extends X509ExtendedTrustManager {
        private final X509Certificate own;

        OwnCertificateOnly(X509Certificate own) {
            this.own = own;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            if (chain == null || chain.length == 0 || !chain[0].equals(own)) {
                throw new CertificateException("The loopback peer is not this server (its certificate differs).");
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("The loopback channel is a client only.");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[] {own};
        }
    }

    @PreDestroy
    void stop() {
        ManagedChannel channel = loopback;
        if (channel != null) {
            channel.shutdownNow();
        }
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String type = request.getHeader("content-type");
        if (type == null || !isGrpcWeb(type)) {
            ctx.next();
            return;
        }
        String path = request.path();
        if (path.length() < 4 || path.charAt(0) != '/' || path.indexOf('/', 1) < 0) {
            ctx.response().setStatusCode(404).end();
            return;
        }
        String method = path.substring(1);
        ManagedChannel channel = loopback(request.localAddress().port());
        request.body().onSuccess(body -> forward(ctx, channel, method, body))
            .onFailure(e -> trailersOnly(ctx.response(), Status.INVALID_ARGUMENT.withDescription(
                "The request body could not be read: " + e.getMessage())));
        request.resume(); // the router holds requests paused until a handler takes their body
    }

    static boolean isGrpcWeb(String contentType) {
        String t = contentType.toLowerCase(Locale.ROOT).strip();
        return t.equals("application/grpc-web") || t.startsWith("application/grpc-web+proto")
            || t.startsWith("application/grpc-web;");
    }

    private void forward(RoutingContext ctx, ManagedChannel channel, String method, Buffer body) {
        HttpServerResponse response = ctx.response();
        byte[] message = unframe(body);
        if (message == null) {
            trailersOnly(response, Status.INVALID_ARGUMENT.withDescription(
                "A gRPC-Web request body is one message: a 0 flag byte, a 4-byte length and that many bytes, at most "
                    + MAX_MESSAGE + " bytes."));
            return;
        }
        Metadata metadata = new Metadata();
        for (Map.Entry<String, String> h : ctx.request().headers()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (FORWARDED.contains(name)) {
                metadata.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), h.getValue());
            }
        }
        // the browser's address for the per-address limits, with the proof that the bridge names it
        metadata.put(ForwardedClient.ADDRESS, ctx.request().remoteAddress().hostAddress());
        metadata.put(ForwardedClient.PROOF, ForwardedClient.proof());
        CallOptions options = CallOptions.DEFAULT;
        String timeout = ctx.request().getHeader("grpc-timeout");
        if (timeout != null) {
            long nanos = timeoutNanos(timeout);
            if (nanos < 0) {
                trailersOnly(response, Status.INVALID_ARGUMENT.withDescription("The grpc-timeout header '" + timeout
                    + "' is not a gRPC timeout such as 10S or 500m."));
                return;
            }
            options = options.withDeadlineAfter(nanos, TimeUnit.NANOSECONDS);
        }
        MethodDescriptor<byte[], byte[]> descriptor = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNKNOWN)
            .setFullMethodName(method)
            .setRequestMarshaller(BYTES)
            .setResponseMarshaller(BYTES)
            .build();
        ClientCall<byte[], byte[]> call = channel.newCall(descriptor, options);
        Context vertxContext = Vertx.currentContext();
        response.setChunked(true);
        response.putHeader("content-type", CONTENT_TYPE);
        String callId = UUID.randomUUID().toString();
        response.putHeader(CALL_ID_HEADER, callId);
        open.put(callId, () -> vertxContext.runOnContext(v -> {
            if (!response.closed() && !response.ended()) {
                response.end(frame(0x80, trailerBlock(Status.OK, null)));
            }
            call.cancel("The browser closed the call.", null);
        }));
        response.endHandler(v -> open.remove(callId));
        response.closeHandler(v -> {
            open.remove(callId);
            call.cancel("The browser went away.", null);
        });
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(byte[] reply) {
                vertxContext.runOnContext(v -> {
                    if (response.closed() || response.ended()) {
                        return;
                    }
                    response.write(frame(0, reply));
                    // the browser's pace: the next message is asked for once this one can be written
                    if (response.writeQueueFull()) {
                        response.drainHandler(d -> call.request(1));
                    } else {
                        call.request(1);
                    }
                });
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                if (status.getCause() != null) {
                    LOG.infof(status.getCause(), "gRPC-Web bridge: %s ended %s", method, status);
                }
                vertxContext.runOnContext(v -> {
                    if (!response.closed() && !response.ended()) {
                        response.end(frame(0x80, trailerBlock(status, trailers)));
                    }
                });
            }
        }, metadata);
        call.sendMessage(message);
        call.halfClose();
        call.request(1);
    }

    /** The one message of a request body, or null when the body is not exactly one uncompressed frame. */
    static byte[] unframe(Buffer body) {
        if (body == null || body.length() < 5 || body.getByte(0) != 0) {
            return null;
        }
        long length = body.getUnsignedInt(1);
        if (length > MAX_MESSAGE || body.length() != 5 + length) {
            return null;
        }
        return body.getBytes(5, body.length());
    }

    static Buffer frame(int flag, byte[] payload) {
        return Buffer.buffer(5 + payload.length).appendByte((byte) flag).appendInt(payload.length).appendBytes(payload);
    }

    /** The trailer frame's text: grpc-status, grpc-message (percent-encoded) and the call's other trailers. */
    static byte[] trailerBlock(Status status, Metadata trailers) {
        StringBuilder out = new StringBuilder();
        out.append("grpc-status:").append(status.getCode().value()).append("\r\n");
        if (status.getDescription() != null) {
            out.append("grpc-message:").append(percentEncode(status.getDescription())).append("\r\n");
        }
        if (trailers != null) {
            for (String key : trailers.keys()) {
                if (key.equals("grpc-status") || key.equals("grpc-message")) {
                    continue;
                }
                if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                    Iterable<byte[]> values = trailers.getAll(Metadata.Key.of(key, Metadata.BINARY_BYTE_MARSHALLER));
                    if (values != null) {
                        for (byte[] value : values) {
                            out.append(key).append(':').append(java.util.Base64.getEncoder().encodeToString(value))
                                .append("\r\n");
                        }
                    }
                } else {
                    Iterable<String> values = trailers.getAll(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER));
                    if (values != null) {
                        for (String value : values) {
                            out.append(key).append(':').append(value).append("\r\n");
                        }
                    }
                }
            }
        }
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** grpc-message's encoding: printable ASCII except '%' as is, everything else as %XX of its UTF-8 bytes. */
    static String percentEncode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '%') {
                out.append((char) c);
            } else {
                out.append('%').append(String.format(Locale.ROOT, "%02X", c));
            }
        }
        return out.toString();
    }

    /** A grpc-timeout value ("10S", "250m", …) in nanoseconds, or -1 when it is not one. */
    static long timeoutNanos(String value) {
        if (value.length() < 2 || value.length() > 9) {
            return -1;
        }
        long amount;
        try {
            amount = Long.parseLong(value.substring(0, value.length() - 1));
        } catch (NumberFormatException e) {
            return -1;
        }
        if (amount < 0) {
            return -1;
        }
        return switch (value.charAt(value.length() - 1)) {
            case 'H' -> TimeUnit.HOURS.toNanos(amount);
            case 'M' -> TimeUnit.MINUTES.toNanos(amount);
            case 'S' -> TimeUnit.SECONDS.toNanos(amount);
            case 'm' -> TimeUnit.MILLISECONDS.toNanos(amount);
            case 'u' -> TimeUnit.MICROSECONDS.toNanos(amount);
            case 'n' -> amount;
            default -> -1;
        };
    }

    private static void trailersOnly(HttpServerResponse response, Status status) {
        if (response.ended() || response.closed()) {
            return;
        }
        response.putHeader("content-type", CONTENT_TYPE);
        response.end(frame(0x80, trailerBlock(status, null)));
    }
}
