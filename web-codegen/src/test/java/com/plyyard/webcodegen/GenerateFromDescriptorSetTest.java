package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's way in (web-client runs it on plyyard-proto's descriptor set): the same files protoc would get. */
class GenerateFromDescriptorSetTest {
    @Test
    void aDescriptorSetGivesThePluginsFilesForEveryFileButTheWellKnownTypes(@TempDir Path out) throws Exception {
        Path set = Path.of("target", "test-descriptors", "edge", Requests.EDGE);
        GenerateFromDescriptorSet.main(new String[] {set.toString(), out.toString()});
        Map<String, String> expected = new TreeMap<>(Requests.generate(Requests.request(Requests.EDGE)));
        Map<String, String> written = new TreeMap<>();
        try (var files = Files.walk(out)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                written.put(out.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        assertEquals(expected, written);
        assertTrue(written.keySet().stream().noneMatch(name -> name.startsWith("google/")), written.keySet().toString());
    }

    @Test
    void aFileNameLeavingTheOutputDirectoryIsRefused(@TempDir Path out) {
        CodeGeneratorResponse escaping = CodeGeneratorResponse.newBuilder()
            .addFile(CodeGeneratorResponse.File.newBuilder().setName("../outside.js").setContent("x")).build();
        assertThrows(IllegalStateException.class, () -> GenerateFromDescriptorSet.write(escaping, out.resolve("gen")));
        assertTrue(Files.notExists(out.resolve("outside.js")));
    }

    @Test
    void aMissingDescriptorSetIsNamed() {
        var e = assertThrows(java.io.IOException.class,
            () -> GenerateFromDescriptorSet.main(new String[] {"no/such.protoset", "target/unused"}));
        assertTrue(e.getMessage().contains("no/such.protoset"), e.getMessage());
    }
}
