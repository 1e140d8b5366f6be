package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A real (in-process) server call whose client cancels, or whose deadline passes, while the method runs. */
@Timeout(30)
class CallCancellationTest {
    private static final MethodDescriptor.Marshaller<String> TEXT = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }
    };
    private static final MethodDescriptor<String, String> WORK = MethodDescriptor.<String, String>newBuilder()
        .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Slow/Work")
        .setRequestMarshaller(TEXT).setResponseMarshaller(TEXT).build();

    private final CountDownLatch started = new CountDownLatch(1);
    private final CompletableFuture<Boolean> sawGone = new CompletableFuture<>();
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        ServerServiceDefinition service = ServerServiceDefinition.builder("test.Slow")
            .addMethod(WORK, ServerCalls.asyncUnaryCall((request, out) -> {
                CallCancellation call = CallCancellation.of(out);
                started.countDown();
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!call.clientGone() && System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                sawGone.complete(call.clientGone());
                call.fail(out, Statuses.internal("Nobody should read this."));
            })).build();
        server = InProcessServerBuilder.forName(name).addService(service).executor(java.util.concurrent.Executors
            .newCachedThreadPool()).build().start();
        channel = InProcessChannelBuilder.forName(name).build();
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    @Test
    void aClientThatCancelsIsSeenGone() throws Exception {
        ClientCall<String, String> call = channel.newCall(WORK, CallOptions.DEFAULT);
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
            }
        }, new Metadata());
        call.sendMessage("go");
        call.halfClose();
        call.request(1);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        call.cancel("the user gave up", null);
        assertTrue(sawGone.get(10, TimeUnit.SECONDS));
        assertEquals(Status.Code.CANCELLED, closed.get(10, TimeUnit.SECONDS).getCode());
    }

    @Test
    void aPassedDeadlineIsSeenGone() throws Exception {
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
            () -> ClientCalls.blockingUnaryCall(channel, WORK, CallOptions.DEFAULT.withDeadlineAfter(300, TimeUnit.MILLISECONDS),
                "go"));
        assertEquals(Status.Code.DEADLINE_EXCEEDED, e.getStatus().getCode());
        assertTrue(sawGone.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aClientThatWaitsIsNotGone() {
        CallCancellation none = CallCancellation.of(new io.grpc.stub.StreamObserver<String>() {
            @Override
            public void onNext(String value) {
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
            }
        });
        assertFalse(none.clientGone());
        none.markGone();
        assertTrue(none.clientGone());
    }
}
