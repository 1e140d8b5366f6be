package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void protoCamelCaseIsProtocsJsonName() {
        assertEquals("expiresAtEpochMillis", Names.protoCamelCase("expires_at_epoch_millis"));
        assertEquals("foo1bar", Names.protoCamelCase("foo_1bar"));
        assertEquals("fooBar", Names.protoCamelCase("foo__bar"));
        assertEquals("Foo", Names.protoCamelCase("_foo"));
        assertEquals("x", Names.protoCamelCase("x_"));
    }

    @Test
    void enumPrefixesAreDroppedOnlyWhenEveryValueHasOneAndALegalRest() throws Exception {
        assertEquals("match_status_", Names.enumSharedPrefix(enumOf("MatchStatus", "MATCH_STATUS_UNSPECIFIED", "MATCH_STATUS_OPEN")));
        assertNull(Names.enumSharedPrefix(enumOf("Game", "GAME_UNSPECIFIED", "DRAUGHTS")));
        assertNull(Names.enumSharedPrefix(enumOf("Level", "LEVEL_UNSPECIFIED", "LEVEL_1")));
        assertNull(Names.enumSharedPrefix(enumOf("Level", "LEVEL_")));
        EnumDescriptor e = enumOf("MatchStatus", "MATCH_STATUS_UNSPECIFIED", "match_status_constructor");
        assertEquals("constructor$", Names.enumValueLocalName(e.getValues().get(1), Names.enumSharedPrefix(e)));
    }

    @Test
    void modulesAreRelativeBetweenGeneratedFilesAndTheRuntimeForWellKnownTypes() {
        assertEquals("./games_pb.js", Names.moduleSpecifier("plyyard/v1/lobby.proto", "plyyard/v1/games.proto"));
        assertEquals("./sub/c_pb.js", Names.moduleSpecifier("a/b.proto", "a/sub/c.proto"));
        assertEquals("../../x/y_pb.js", Names.moduleSpecifier("a/b/c.proto", "x/y.proto"));
        assertEquals("./top_pb.js", Names.moduleSpecifier("top2.proto", "top.proto"));
        assertEquals("../top_pb.js", Names.moduleSpecifier("a/b.proto", "top.proto"));
        assertEquals("@bufbuild/protobuf/wkt", Names.moduleSpecifier("a/b.proto", "google/protobuf/timestamp.proto"));
    }

    @Test
    void identifiers() {
        assertEquals("file_plyyard_v1_lobby", Names.fileIdent("plyyard/v1/lobby.proto"));
        assertEquals("file_extra_msg_oneof", Names.fileIdent("extra/msg-oneof.proto"));
        assertEquals("toString$", Names.methodLocalName("ToString"));
        assertEquals("whoAmI", Names.methodLocalName("WhoAmI"));
        assertEquals("Object$", Names.safeIdentifier("Object"));
        assertEquals("Player", Names.safeIdentifier("Player"));
    }

    private static EnumDescriptor enumOf(String name, String... values) throws Exception {
        EnumDescriptorProto.Builder e = EnumDescriptorProto.newBuilder().setName(name);
        for (int i = 0; i < values.length; i++) {
            e.addValue(EnumValueDescriptorProto.newBuilder().setName(values[i]).setNumber(i));
        }
        FileDescriptorProto f = FileDescriptorProto.newBuilder().setName("e.proto").setSyntax("proto3").addEnumType(e).build();
        return FileDescriptor.buildFrom(f, new FileDescriptor[0]).getEnumTypes().get(0);
    }
}
