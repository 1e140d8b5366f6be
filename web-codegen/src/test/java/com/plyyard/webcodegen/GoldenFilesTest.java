package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated files for the project's protos and the edge-case protos, compared with the reviewed copies under
 * src/test/resources/golden. After an intended change: {@code ./mvnw -o -pl web-codegen verify -Dgolden.update=true},
 * then review the diff of the golden files.
 */
class GoldenFilesTest {

    private static final Path GOLDEN = Path.of(System.getProperty("golden.dir", "src/test/resources/golden"));
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @ParameterizedTest
    @ValueSource(strings = {Requests.PROJECT, Requests.EDGE})
    void generatedFilesEqualTheGoldenOnes(String descriptorSet) throws IOException {
        Map<String, String> generated = Requests.generate(Requests.request(descriptorSet));
        Path root = GOLDEN.resolve(descriptorSet.replace(".pb", ""));
        if (UPDATE) {
            if (Files.isDirectory(root)) {
                try (Stream<Path> old = Files.walk(root)) {
                    for (Path p : old.sorted(java.util.Comparator.reverseOrder()).collect(Collectors.toList())) {
                        Files.delete(p);
                    }
                }
            }
            for (Map.Entry<String, String> e : generated.entrySet()) {
                Path p = root.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
            }
        }
        assertTrue(Files.isDirectory(root), "no golden files at " + root + "; create them with -Dgolden.update=true");
        Set<String> golden;
        try (Stream<Path> files = Files.walk(root)) {
            golden = files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(golden, new TreeSet<>(generated.keySet()), "generated file names");
        for (Map.Entry<String, String> e : generated.entrySet()) {
            String expected = Files.readString(root.resolve(e.getKey()), StandardCharsets.UTF_8);
            assertEquals(expected, e.getValue(), e.getKey() + " differs from its golden copy");
        }
    }
}
