package com.plyyard.grpc.testing.fuzz;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Requests as bytes on the wire: a valid request's serialized form with bytes flipped, cut, inserted (ill-formed UTF-8
 * in a string, a length that runs past the end, a wrong wire type...), sent to a unary method as it is. No generated
 * client can send these; a hostile one can.
 */
public final class Wire {
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static final byte[][] INSERTS = {
        {(byte) 0xff}, {(byte) 0xc0, (byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf8, 0x41},
        {(byte) 0x80}, {0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, {0x07}, {0x00},
        {(byte) 0x8a, 0x01, 0x02, (byte) 0xc3, 0x28}};

    private Wire() {
    }

    /** The bytes changed in one to three places. */
    public static byte[] mutate(byte[] valid, Random r) {
        byte[] b = valid;
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            b = mutateOnce(b, r);
        }
        return b;
    }

    private static byte[] mutateOnce(byte[] b, Random r) {
        int at = b.length == 0 ? 0 : r.nextInt(b.length);
        switch (r.nextInt(6)) {
            case 0 -> { // flip a byte
                if (b.length == 0) {
                    return new byte[] {(byte) r.nextInt(256)};
                }
                byte[] c = b.clone();
                c[at] = (byte) (r.nextBoolean() ? r.nextInt(256) : c[at] ^ (1 << r.nextInt(8)));
                return c;
            }
            case 1 -> { // cut
                return java.util.Arrays.copyOf(b, at);
            }
            case 2, 3 -> { // insert ill-formed UTF-8, a bad tag or a runaway length
                byte[] ins = INSERTS[r.nextInt(INSERTS.length)];
                byte[] c = new byte[b.length + ins.length];
                System.arraycopy(b, 0, c, 0, at);
                System.arraycopy(ins, 0, c, at, ins.length);
                System.arraycopy(b, at, c, at + ins.length, b.length - at);
                return c;
            }
            case 4 -> { // random bytes appended
                byte[] tail = new byte[1 + r.nextInt(16)];
                r.nextBytes(tail);
                byte[] c = java.util.Arrays.copyOf(b, b.length + tail.length);
                System.arraycopy(tail, 0, c, b.length, tail.length);
                return c;
            }
            default -> { // all random
                byte[] c = new byte[r.nextInt(64)];
                r.nextBytes(c);
                return c;
            }
        }
    }

    /** Sends the bytes to the unary method (full name, e.g. "plyyard.v1.RulesService/NewGame"); the answer's status. */
    public static Status unary(Channel channel, String fullMethodName, byte[] request, long deadlineMillis) {
        MethodDescriptor<byte[], byte[]> method = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(fullMethodName)
            .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
        try {
            ClientCalls.blockingUnaryCall(channel, method, CallOptions.DEFAULT.withDeadlineAfter(deadlineMillis,
                TimeUnit.MILLISECONDS), request);
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    /**
     * Sends the bytes to the server-streaming method (e.g. "plyyard.v1.EngineService/Analyze") and reads every answer to
     * the end; the status it ended with. (A unary call would take a second answer for the client's own INTERNAL.)
     */
    public static Status serverStreaming(Channel channel, String fullMethodName, byte[] request, long deadlineMillis) {
        MethodDescriptor<byte[], byte[]> method = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.SERVER_STREAMING).setFullMethodName(fullMethodName)
            .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
        try {
            java.util.Iterator<byte[]> answers = ClientCalls.blockingServerStreamingCall(channel, method,
                CallOptions.DEFAULT.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS), request);
            while (answers.hasNext()) {
                answers.next();
            }
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }
}
