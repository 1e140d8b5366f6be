package com.plyyard.rules;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import com.plyyard.grpc.Sentences;
import com.plyyard.grpc.testing.fuzz.Wire;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.NewGameRequest;
import com.plyyard.proto.v1.ParsePositionRequest;
import com.plyyard.proto.v1.RulesServiceGrpc;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The input limits at rules-service's edge, over a real channel: huge or control-character text is refused naming
 * the field, no description grows with the input, a request over 1 MiB is refused with a sentence, and the channel
 * keeps serving (a status too large for the client's header limit used to hang the call and the connection).
 */
@Timeout(60)
@QuarkusTest
class EdgeLimitsTest {
    @GrpcClient("rules")
    RulesServiceGrpc.RulesServiceBlockingStub rules;

    private GameState start() {
        return rules.newGame(NewGameRequest.newBuilder().setVariant("draughts:fmjd").build());
    }

    @Test
    void hugeTextIsRefusedByFieldAndTheChannelGoesOn() {
        assertEquals("The field 'variant' is longer than 64 characters (80000).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.newGame(NewGameRequest.newBuilder().setVariant("v".repeat(80_000)).build())));
        assertEquals("The field 'position' is longer than 1024 characters (80000).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.parsePosition(ParsePositionRequest.newBuilder().setVariant("draughts:fmjd")
                .setPosition("W".repeat(80_000)).build())));
        assertEquals("The field 'move' is longer than 256 characters (8192).", assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.applyMove(ApplyMoveRequest.newBuilder().setState(start()).setMove("x".repeat(8192)).build())));
        assertEquals("draughts:fmjd", start().getVariant().getId(), "the channel still serves calls");
    }

    @Test
    void controlCharactersAreRefused() {
        String d = assertStatus(Status.Code.INVALID_ARGUMENT,
            () -> rules.newGame(NewGameRequest.newBuilder().setVariant("draughts:fmjd\u0000").build()));
        assertTrue(d.contains("'variant'") && d.contains("U+0000"), d);
    }

    @Test
    void anErrorQuotingTheInputStaysBounded() {
        // within the field limit, but the rules' own refusal quotes the position: the sentence is bounded anyway
        String d = assertStatus(Status.Code.INVALID_ARGUMENT, () -> rules.parsePosition(ParsePositionRequest.newBuilder()
            .setVariant("draughts:fmjd").setPosition("Q" + "é".repeat(1000)).build()));
        assertTrue(d.length() <= Sentences.MAX_DESCRIPTION, d.length() + " characters");
    }

    @Test
    void aRequestOverOneMebibyteIsRefusedWithASentence() {
        NewGameRequest bulk = NewGameRequest.newBuilder().setVariant("draughts:fmjd").setUnknownFields(UnknownFieldSet
            .newBuilder().addField(999, UnknownFieldSet.Field.newBuilder()
                .addLengthDelimited(ByteString.copyFrom(new byte[2 << 20])).build()).build()).build();
        String d = assertStatus(Status.Code.RESOURCE_EXHAUSTED, () -> rules.newGame(bulk));
        assertFalse(d.isBlank());
        assertEquals("draughts:fmjd", start().getVariant().getId(), "the channel still serves calls");
    }

    /**
     * Bytes that are no protobuf message (here a valid ParsePosition request with bytes appended that break the last
     * field) used to get INTERNAL "Half-closed without a request" (found by RulesServicePropertiesIT); they are
     * INVALID_ARGUMENT with a sentence, and the channel goes on.
     */
    @Test
    void aRequestThatIsNoProtobufMessageIsInvalidArgument() {
        byte[] valid = ParsePositionRequest.newBuilder().setVariant("ploy:3m:ffa").setPosition("x").build().toByteArray();
        byte[] broken = java.util.Arrays.copyOf(valid, valid.length + 3);
        broken[valid.length] = 0x1a;                 // field 3, length-delimited...
        broken[valid.length + 1] = (byte) 0x7f;      // ...of 127 bytes, which never come
        broken[valid.length + 2] = (byte) 0xff;
        for (byte[] request : new byte[][] {broken, {(byte) 0xff, (byte) 0xff}, {0x0a, 0x02, (byte) 0xc3, 0x28}}) {
            Status status = Wire.unary(rules.getChannel(), RulesServiceGrpc.getParsePositionMethod().getFullMethodName(),
                request, 10_000);
            assertEquals(Status.Code.INVALID_ARGUMENT, status.getCode(), status::toString);
            assertTrue(status.getDescription().startsWith("The request to plyyard.v1.RulesService/ParsePosition could not "
                + "be read"), status.getDescription());
        }
        assertEquals("draughts:fmjd", start().getVariant().getId(), "the channel still serves calls");
    }
}
