package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plugin protocol: stdin to stdout, the supported features, and errors protoc will report. */
class PluginTest {

    @Test
    void mainReadsTheRequestFromStdinAndWritesTheResponseToStdout() throws Exception {
        CodeGeneratorRequest request = Requests.request(Requests.PROJECT);
        InputStream stdin = System.in;
        PrintStream stdout = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setIn(new ByteArrayInputStream(request.toByteArray()));
            System.setOut(new PrintStream(out, true));
            ProtocGenPlyyardJs.main(new String[0]);
        } finally {
            System.setIn(stdin);
            System.setOut(stdout);
        }
        CodeGeneratorResponse response = CodeGeneratorResponse.parseFrom(out.toByteArray());
        assertEquals("", response.getError());
        assertEquals(CodeGeneratorResponse.Feature.FEATURE_PROTO3_OPTIONAL_VALUE, response.getSupportedFeatures());
        List<String> names = response.getFileList().stream().map(CodeGeneratorResponse.File::getName).toList();
        assertEquals(List.of("plyyard/v1/accounts_pb.js", "plyyard/v1/accounts_pb.d.ts", "plyyard/v1/engine_pb.js", "plyyard/v1/engine_pb.d.ts", "plyyard/v1/games_pb.js",
                "plyyard/v1/games_pb.d.ts", "plyyard/v1/learn_pb.js", "plyyard/v1/learn_pb.d.ts",
                "plyyard/v1/lobby_pb.js", "plyyard/v1/lobby_pb.d.ts",
                "plyyard/v1/matchmaking_pb.js", "plyyard/v1/matchmaking_pb.d.ts", "plyyard/v1/rules_pb.js",
                "plyyard/v1/rules_pb.d.ts"), names.stream().sorted((a, b) -> a.replace(".d.ts", ".z").compareTo(b.replace(".d.ts", ".z"))).toList());
    }

    @Test
    void onlyTheFilesToGenerateAreGenerated() {
        CodeGeneratorRequest request = Requests.request(Requests.PROJECT).toBuilder()
                .clearFileToGenerate().addFileToGenerate("plyyard/v1/lobby.proto").build();
        assertEquals(List.of("plyyard/v1/lobby_pb.js", "plyyard/v1/lobby_pb.d.ts"),
                List.copyOf(Requests.generate(request).keySet()));
    }

    @Test
    void aParameterIsAnError() {
        CodeGeneratorRequest request = Requests.request(Requests.PROJECT).toBuilder().setParameter("target=ts").build();
        CodeGeneratorResponse response = ProtocGenPlyyardJs.generate(request);
        assertTrue(response.getError().contains("takes no parameters"), response.getError());
        assertEquals(0, response.getFileCount());
    }

    @Test
    void extensionsAreAnError() {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("ext.proto").setSyntax("proto2")
                .addMessageType(DescriptorProto.newBuilder().setName("A")
                        .addExtensionRange(DescriptorProto.ExtensionRange.newBuilder().setStart(100).setEnd(200)))
                .addExtension(FieldDescriptorProto.newBuilder().setName("x").setNumber(100).setExtendee(".A")
                        .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setType(FieldDescriptorProto.Type.TYPE_INT32))
                .build();
        CodeGeneratorResponse response = ProtocGenPlyyardJs.generate(CodeGeneratorRequest.newBuilder()
                .addProtoFile(file).addFileToGenerate("ext.proto").build());
        assertTrue(response.getError().contains("extensions are not supported"), response.getError());
        assertEquals(0, response.getFileCount());
    }

    @Test
    void twoTypesExportedUnderOneNameAreAnError() {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("clash.proto").setSyntax("proto3")
                .setPackage("p")
                .addMessageType(DescriptorProto.newBuilder().setName("Foo_Bar"))
                .addMessageType(DescriptorProto.newBuilder().setName("Foo").addNestedType(DescriptorProto.newBuilder().setName("Bar")))
                .build();
        CodeGeneratorResponse response = ProtocGenPlyyardJs.generate(CodeGeneratorRequest.newBuilder()
                .addProtoFile(file).addFileToGenerate("clash.proto").build());
        assertTrue(response.getError().contains("would both be exported as Foo_Bar"), response.getError());
    }
}
