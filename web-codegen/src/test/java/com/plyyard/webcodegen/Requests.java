package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Test input: the descriptor sets protobuf-maven-plugin writes in the test build (protoc with source info and
 * imports, like protoc hands a plugin), made into the CodeGeneratorRequests protoc would send.
 */
final class Requests {

    /** The project's protos (../proto/src/main/proto). */
    static final String PROJECT = "project.pb";
    /** The edge-case protos (src/test/proto). */
    static final String EDGE = "edge.pb";

    private Requests() {
    }

    static FileDescriptorSet descriptorSet(String name) {
        Path path = Path.of(System.getProperty("descriptors.dir", "target/test-descriptors"))
                .resolve(name.replace(".pb", "")).resolve(name);
        try (InputStream in = Files.newInputStream(path)) {
            return FileDescriptorSet.parseFrom(in);
        } catch (IOException e) {
            throw new UncheckedIOException("run the build first (protobuf-maven-plugin writes " + path + ")", e);
        }
    }

    /** A request generating every file of the set except the google/protobuf ones (as protoc would for ours). */
    static CodeGeneratorRequest request(String descriptorSet) {
        FileDescriptorSet set = descriptorSet(descriptorSet);
        CodeGeneratorRequest.Builder b = CodeGeneratorRequest.newBuilder();
        b.addAllProtoFile(set.getFileList());
        for (FileDescriptorProto f : set.getFileList()) {
            if (!f.getName().startsWith("google/")) {
                b.addFileToGenerate(f.getName());
            }
        }
        assertFalse(b.getFileToGenerateList().isEmpty(), "no files to generate in " + descriptorSet);
        return b.build();
    }

    static Map<String, FileDescriptorProto> protosByName(CodeGeneratorRequest request) {
        Map<String, FileDescriptorProto> byName = new LinkedHashMap<>();
        request.getProtoFileList().forEach(f -> byName.put(f.getName(), f));
        return byName;
    }

    /** Runs the plugin; fails on an error response. Answers output name -> content, in output order. */
    static Map<String, String> generate(CodeGeneratorRequest request) {
        CodeGeneratorResponse response = ProtocGenPlyyardJs.generate(request);
        assertFalse(response.hasError(), () -> "plugin error: " + response.getError());
        assertEquals(CodeGeneratorResponse.Feature.FEATURE_PROTO3_OPTIONAL_VALUE, response.getSupportedFeatures());
        Map<String, String> files = new LinkedHashMap<>();
        for (CodeGeneratorResponse.File f : response.getFileList()) {
            assertTrue(files.put(f.getName(), f.getContent()) == null, "generated twice: " + f.getName());
        }
        return files;
    }
}
