package com.plyyard.grpc.testing.fuzz;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.util.Random;

/** Request messages as a hostile client might send them: with fields the contract does not have, small or huge. */
public final class Messages {
    private Messages() {
    }

    /**
     * Sometimes ({@code 1 in every}) the message with unknown fields added: a number, a few bytes, or a block of 0.5 to
     * 1.5 MiB (around the edge's 1 MiB limit, below the transport's 4 MiB).
     */
    @SuppressWarnings("unchecked")
    public static <M extends Message> M withUnknownFields(M message, Random r, int every) {
        if (r.nextInt(every) != 0) {
            return message;
        }
        UnknownFieldSet.Field.Builder field = UnknownFieldSet.Field.newBuilder();
        switch (r.nextInt(3)) {
            case 0 -> field.addVarint(r.nextLong());
            case 1 -> {
                byte[] bytes = new byte[r.nextInt(64)];
                r.nextBytes(bytes);
                field.addLengthDelimited(ByteString.copyFrom(bytes));
            }
            default -> field.addLengthDelimited(ByteString.copyFrom(new byte[(1 << 19) + r.nextInt(1 << 20)]));
        }
        int number = 100 + r.nextInt(10_000);
        return (M) message.toBuilder().setUnknownFields(UnknownFieldSet.newBuilder(message.getUnknownFields())
            .addField(number, field.build()).build()).build();
    }
}
