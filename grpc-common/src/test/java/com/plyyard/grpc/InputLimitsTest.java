package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.protobuf.Field;
import com.google.protobuf.Type;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The limits walk every text and repeated field, nested ones included (tested on protobuf's own Type message). */
class InputLimitsTest {
    private final InputLimits limits = new InputLimits(8, Map.of("source_context", 100), 3, 64);

    @Test
    void withinTheLimitsNothingIsSaid() {
        assertNull(limits.firstViolation(Type.newBuilder().setName("short").addOneofs("a").build()));
    }

    @Test
    void aLongTextFieldIsNamedWithItsLimit() {
        assertEquals("The field 'name' is longer than 8 characters (9).",
            limits.firstViolation(Type.newBuilder().setName("123456789").build()));
    }

    @Test
    void nestedAndRepeatedFieldsAreNamedWithTheirPath() {
        Type t = Type.newBuilder().addFields(Field.newBuilder().setName("ok"))
            .addFields(Field.newBuilder().setName("way too long")).build();
        assertEquals("The field 'fields[1].name' is longer than 8 characters (12).", limits.firstViolation(t));
    }

    @Test
    void controlCharactersAndNulAreRefused() {
        assertEquals("The field 'oneofs[0]' contains a control character (U+0000) at position 2; text fields never do.",
            limits.firstViolation(Type.newBuilder().addOneofs("a\u0000").build()));
        assertEquals("The field 'name' contains a control character (U+007F) at position 1; text fields never do.",
            limits.firstViolation(Type.newBuilder().setName("\u007f").build()));
    }

    /** A message with one text field named {@code name}, holding {@code text}. */
    private static com.google.protobuf.Message oneText(String name, String text) throws Exception {
        var proto = com.google.protobuf.DescriptorProtos.FileDescriptorProto.newBuilder().setName("t.proto")
            .addMessageType(com.google.protobuf.DescriptorProtos.DescriptorProto.newBuilder().setName("T")
                .addField(com.google.protobuf.DescriptorProtos.FieldDescriptorProto.newBuilder().setName(name).setNumber(1)
                    .setType(com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type.TYPE_STRING)))
            .build();
        var type = com.google.protobuf.Descriptors.FileDescriptor.buildFrom(proto,
            new com.google.protobuf.Descriptors.FileDescriptor[0]).findMessageTypeByName("T");
        return com.google.protobuf.DynamicMessage.newBuilder(type).setField(type.findFieldByName(name), text).build();
    }

    @Test
    void aGameRecordKeepsItsLinesAndNothingElse() throws Exception {
        String pdn = "[Event \"x\"]\r\n\n1. 32-28\t19-23 *\n";
        assertNull(InputLimits.PLY_YARD.firstViolation(oneText("record", pdn)));
        assertEquals("The field 'record' contains a control character (U+0000) at position 4; text fields never do.",
            InputLimits.PLY_YARD.firstViolation(oneText("record", "1.\n\u0000")));
        assertEquals("The field 'other' contains a control character (U+000A) at position 2; text fields never do.",
            InputLimits.PLY_YARD.firstViolation(oneText("other", "a\nb")));
        assertEquals("The field 'record' is longer than " + InputLimits.RECORD_CHARS + " characters ("
            + (InputLimits.RECORD_CHARS + 1) + ").", InputLimits.PLY_YARD.firstViolation(oneText("record",
                "x".repeat(InputLimits.RECORD_CHARS + 1))));
    }

    @Test
    void tooManyElementsAreRefused() {
        Type t = Type.newBuilder().addOneofs("a").addOneofs("b").addOneofs("c").addOneofs("d").build();
        assertEquals("The field 'oneofs' has 4 elements; at most 3 are accepted.", limits.firstViolation(t));
    }

    @Test
    void repeatedNumbersAreBoundedByTheMessageSizeOnly() {
        var file = com.google.protobuf.DescriptorProtos.FileDescriptorProto.newBuilder();
        for (int i = 0; i < 10; i++) {
            file.addPublicDependency(i); // like a long game's repetition keys
        }
        assertNull(limits.firstViolation(file.build()));
    }

    @Test
    void aRequestOverTheByteLimitIsNamedWithItsSize() {
        Type big = Type.newBuilder().addFields(Field.newBuilder().setDefaultValue("d".repeat(100))).build();
        assertEquals("The request has " + big.getSerializedSize() + " bytes; test accepts at most 64.",
            limits.tooLarge(big, "test"));
        assertNull(limits.tooLarge(Type.newBuilder().setName("small").build(), "test"));
    }

    @Test
    void thePlyYardLimitsAreWhatTheDocsSay() {
        assertEquals(1 << 20, InputLimits.PLY_YARD.maxBytes());
        assertEquals(64, InputLimits.PLY_YARD.defaultMaxChars());
        assertEquals(1024, InputLimits.PLY_YARD.maxCharsByField().get("position"));
        assertEquals(256, InputLimits.PLY_YARD.maxCharsByField().get("move"));
        assertEquals(256, InputLimits.PLY_YARD.maxCharsByField().get("moves"), "a record's moves, as long as one move");
    }
}
