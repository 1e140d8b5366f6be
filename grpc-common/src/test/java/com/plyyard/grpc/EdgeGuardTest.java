package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.StringValue;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The guard over a real (in-process) channel: refusals at the edge and bounded sentences on the way out. */
@Timeout(30)
class EdgeGuardTest {
    private static final MethodDescriptor<StringValue, StringValue> ECHO = MethodDescriptor.<StringValue, StringValue>newBuilder()
        .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Echo/Echo")
        .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
        .setResponseMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance())).build();

    private final AtomicInteger reached = new AtomicInteger();
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        ServerServiceDefinition echo = ServerServiceDefinition.builder("test.Echo")
            .addMethod(ECHO, ServerCalls.asyncUnaryCall((request, out) -> {
                reached.incrementAndGet();
                switch (request.getValue()) {
                    case "huge" -> out.onError(Status.NOT_FOUND.withDescription("No such thing: " + "z".repeat(80_000))
                        .asRuntimeException());
                    case "silent" -> out.onError(Status.RESOURCE_EXHAUSTED.asRuntimeException());
                    default -> {
                        out.onNext(request);
                        out.onCompleted();
                    }
                }
            })).build();
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name)
            .addService(ServerInterceptors.intercept(echo, new EdgeGuard(new InputLimits(16, java.util.Map.of(), 4, 1024), "test-service")))
            .build().start();
        channel = InProcessChannelBuilder.forName(name).build();
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    private StringValue call(String value) {
        return ClientCalls.blockingUnaryCall(channel, ECHO, io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
            StringValue.of(value));
    }

    @Test
    void aRequestWithinTheLimitsPasses() {
        assertEquals("hello", call("hello").getValue());
        assertEquals(1, reached.get());
    }

    @Test
    void aBrokenLimitIsRefusedBeforeTheServiceSeesIt() {
        StatusRuntimeException tooLong = assertThrows(StatusRuntimeException.class, () -> call("x".repeat(100)));
        assertEquals(Status.Code.INVALID_ARGUMENT, tooLong.getStatus().getCode());
        assertEquals("The field 'value' is longer than 16 characters (100).", tooLong.getStatus().getDescription());
        StatusRuntimeException nul = assertThrows(StatusRuntimeException.class, () -> call("a\u0000"));
        assertEquals(Status.Code.INVALID_ARGUMENT, nul.getStatus().getCode());
        StringValue bulk = StringValue.newBuilder().setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
            .addField(99, com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(com.google.protobuf.ByteString.copyFrom(new byte[4096])).build()).build()).build();
        StatusRuntimeException large = assertThrows(StatusRuntimeException.class, () -> ClientCalls.blockingUnaryCall(
            channel, ECHO, io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), bulk));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, large.getStatus().getCode());
        assertEquals("The request has 4100 bytes; test-service accepts at most 1024.", large.getStatus().getDescription());
        assertEquals(0, reached.get());
    }

    @Test
    void everyStatusLeavesWithABoundedSentence() {
        StatusRuntimeException huge = assertThrows(StatusRuntimeException.class, () -> call("huge"));
        assertEquals(Status.Code.NOT_FOUND, huge.getStatus().getCode());
        assertTrue(huge.getStatus().getDescription().length() <= Sentences.MAX_DESCRIPTION);
        assertTrue(huge.getStatus().getDescription().startsWith("No such thing: zzz"));
        StatusRuntimeException silent = assertThrows(StatusRuntimeException.class, () -> call("silent"));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, silent.getStatus().getCode());
        assertEquals("The request is larger than test-service accepts, or test-service is too busy for it now.",
            silent.getStatus().getDescription());
    }

    /**
     * A unary call that ends without a request message, which is what the service's handler sees when the transport
     * could not read the request's bytes (found by the property tests: "Half-closed without a request", INTERNAL).
     */
    @Test
    void aUnaryCallWithoutARequestIsInvalidArgumentNotInternal() throws Exception {
        java.util.concurrent.CompletableFuture<Status> closed = new java.util.concurrent.CompletableFuture<>();
        io.grpc.ClientCall<StringValue, StringValue> call = channel.newCall(ECHO,
            io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS));
        call.start(new io.grpc.ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, io.grpc.Metadata trailers) {
                closed.complete(status);
            }
        }, new io.grpc.Metadata());
        call.halfClose();
        Status status = closed.get(10, TimeUnit.SECONDS);
        assertEquals(Status.Code.INVALID_ARGUMENT, status.getCode(), status::toString);
        assertEquals("The request to test.Echo/Echo could not be read: it is not a well-formed protobuf message of the "
            + "method's request type (or one of its strings is not UTF-8).", status.getDescription());
        assertEquals(0, reached.get());
        assertEquals("still serving", call("still serving").getValue());
    }
}
