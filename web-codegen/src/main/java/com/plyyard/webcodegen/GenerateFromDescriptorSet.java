package com.plyyard.webcodegen;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generator without protoc: reads a descriptor set that protoc wrote (with its imports and comments, as
 * plyyard-proto's {@code plyyard/plyyard-v1.protoset}), from a file or the class path, and writes the generated files
 * of every file in it but the well-known types (which {@code @bufbuild/protobuf/wkt} brings) under an output
 * directory. web-client runs it in its build (exec-maven-plugin), so the browser's code always matches the jar's
 * contracts.
 *
 * <p>Arguments: {@code <descriptor set: a file, or a class path resource> <output directory>}.
 */
public final class GenerateFromDescriptorSet {
    private GenerateFromDescriptorSet() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: GenerateFromDescriptorSet <descriptor set> <output directory>");
        }
        FileDescriptorSet set;
        try (InputStream in = open(args[0])) {
            set = FileDescriptorSet.parseFrom(in);
        }
        int written = write(generate(set), Path.of(args[1]));
        System.out.println(ProtocGenPlyyardJs.NAME + ": " + written + " files from " + args[0] + " in " + args[1]);
    }

    /** The plugin's answer for the whole set, as protoc would ask for it: dependencies first, the set's own files. */
    public static CodeGeneratorResponse generate(FileDescriptorSet set) {
        CodeGeneratorRequest.Builder request = CodeGeneratorRequest.newBuilder();
        for (FileDescriptorProto file : set.getFileList()) {
            request.addProtoFile(file);
            if (!file.getName().startsWith("google/protobuf/")) {
                request.addFileToGenerate(file.getName());
            }
        }
        CodeGeneratorResponse response = ProtocGenPlyyardJs.generate(request.build());
        if (response.hasError()) {
            throw new IllegalStateException(response.getError());
        }
        return response;
    }

    static int write(CodeGeneratorResponse response, Path outputDirectory) throws IOException {
        Path root = outputDirectory.toAbsolutePath().normalize();
        for (CodeGeneratorResponse.File file : response.getFileList()) {
            Path target = root.resolve(file.getName()).normalize();
            if (!target.startsWith(root)) {
                throw new IllegalStateException("generated file name leaves the output directory: " + file.getName());
            }
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.getContent(), StandardCharsets.UTF_8);
        }
        return response.getFileCount();
    }

    private static InputStream open(String where) throws IOException {
        Path file = Path.of(where);
        if (Files.isRegularFile(file)) {
            return Files.newInputStream(file);
        }
        InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(where);
        if (in == null) {
            throw new IOException("No descriptor set at " + where + " (neither a file nor on the class path).");
        }
        return in;
    }
}
