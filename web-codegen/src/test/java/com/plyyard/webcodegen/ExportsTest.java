package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every message, enum and service of a file is exported exactly once, under its name, with the index path that
 * makes the runtime's messageDesc / enumDesc / serviceDesc find that very type.
 */
class ExportsTest {

    @ParameterizedTest
    @ValueSource(strings = {Requests.PROJECT, Requests.EDGE})
    void everyTypeIsExportedOnceWithAPathThatLeadsToIt(String set) {
        CodeGeneratorRequest request = Requests.request(set);
        Map<String, FileDescriptorProto> protos = Requests.protosByName(request);
        Map<String, String> files = Requests.generate(request);
        for (String name : request.getFileToGenerateList()) {
            FileDescriptorProto file = protos.get(name);
            GeneratedJs js = new GeneratedJs(files.get(name.replace(".proto", "_pb.js")));
            Map<String, String> schemaToType = new HashMap<>();
            List<String> found = new ArrayList<>();
            for (GeneratedJs.Export e : js.exports) {
                switch (e.function()) {
                    case "fileDesc" -> assertEquals(Names.fileIdent(name), e.name());
                    case "messageDesc", "enumDesc", "serviceDesc" -> {
                        assertEquals(Names.fileIdent(name), e.args().get(0), e.name());
                        List<Integer> path = e.args().subList(1, e.args().size()).stream().map(Integer::valueOf).toList();
                        String fullName = resolve(file, e.function(), path);
                        found.add(e.function() + " " + fullName);
                        String plain = fullName.substring(file.getPackage().length() + 1).replace('.', '_');
                        assertEquals(e.function().equals("serviceDesc") ? typeName(plain) : plain + "Schema", e.name(),
                                e.function() + path + " finds " + fullName);
                        if (e.function().equals("enumDesc")) {
                            schemaToType.put(e.name(), typeName(plain));
                        }
                    }
                    case "tsEnum" -> {
                        String enumName = schemaToType.remove(e.args().get(0));
                        assertEquals(enumName, e.name(), "tsEnum of " + e.args());
                    }
                    default -> fail("unexpected export " + e);
                }
            }
            assertTrue(schemaToType.isEmpty(), name + ": enums without tsEnum object: " + schemaToType.keySet());
            assertEquals(expectedTypes(file), new TreeSet<>(found), name + ": exported types");
            assertEquals(found.size(), new TreeSet<>(found).size(), name + ": a type exported twice: " + found);
        }
    }

    @Test
    void nestedTypesGetTheRuntimePathsWhereMapEntriesDoNotCount() {
        String js = Requests.generate(Requests.request(Requests.EDGE)).get("webcodegen/test/edge_pb.js");
        Map<String, String> exports = new HashMap<>();
        for (GeneratedJs.Export e : new GeneratedJs(js).exports) {
            exports.put(e.name(), e.function() + e.args().subList(1, e.args().size()));
        }
        assertEquals("messageDesc[0, 0]", exports.get("Outer_InnerSchema"));
        assertEquals("messageDesc[0, 0, 0]", exports.get("Outer_Inner_DeeperSchema"));
        assertEquals("enumDesc[0, 0, 0, 0]", exports.get("Outer_Inner_Deeper_LevelSchema"));
        // nested_type index 5 behind four map entries and Inner: the runtime's nestedMessages[1]
        assertEquals("messageDesc[0, 1]", exports.get("Outer_LaterSchema"));
        assertEquals("enumDesc[0, 0]", exports.get("Outer_KindSchema"));
        assertEquals("tsEnum[]", exports.get("Outer_Kind"));
        assertEquals("messageDesc[2]", exports.get("ObjectSchema"));
        assertEquals("serviceDesc[0]", exports.get("EdgeService"));
        assertFalse(exports.keySet().stream().anyMatch(n -> n.contains("Entry")), "map entries exported: " + exports.keySet());
    }

    /**
     * The runtime's lookup: messageDesc(file, i, j...) = file.messages[i].nestedMessages[j]..., enumDesc's last
     * index into the enums of the file or of the message before it; map entries are in neither list.
     */
    private static String resolve(FileDescriptorProto file, String function, List<Integer> path) {
        String prefix = file.getPackage().isEmpty() ? "" : file.getPackage() + ".";
        if (function.equals("serviceDesc")) {
            assertEquals(1, path.size());
            return prefix + file.getService(path.get(0)).getName();
        }
        if (function.equals("enumDesc") && path.size() == 1) {
            return prefix + file.getEnumType(path.get(0)).getName();
        }
        int messages = function.equals("enumDesc") ? path.size() - 1 : path.size();
        DescriptorProto m = withoutMapEntries(file.getMessageTypeList()).get(path.get(0));
        String name = prefix + m.getName();
        for (int i = 1; i < messages; i++) {
            m = withoutMapEntries(m.getNestedTypeList()).get(path.get(i));
            name += "." + m.getName();
        }
        if (function.equals("enumDesc")) {
            name += "." + m.getEnumType(path.get(path.size() - 1)).getName();
        }
        return name;
    }

    private static List<DescriptorProto> withoutMapEntries(List<DescriptorProto> messages) {
        return messages.stream().filter(m -> !m.getOptions().getMapEntry()).toList();
    }

    private static Set<String> expectedTypes(FileDescriptorProto file) {
        Set<String> types = new TreeSet<>();
        String prefix = file.getPackage().isEmpty() ? "" : file.getPackage() + ".";
        file.getEnumTypeList().forEach(e -> types.add("enumDesc " + prefix + e.getName()));
        file.getServiceList().forEach(s -> types.add("serviceDesc " + prefix + s.getName()));
        addMessages(types, prefix, file.getMessageTypeList());
        return types;
    }

    private static void addMessages(Set<String> types, String prefix, List<DescriptorProto> messages) {
        for (DescriptorProto m : messages) {
            if (m.getOptions().getMapEntry()) {
                continue;
            }
            types.add("messageDesc " + prefix + m.getName());
            m.getEnumTypeList().forEach(e -> types.add("enumDesc " + prefix + m.getName() + "." + e.getName()));
            addMessages(types, prefix + m.getName() + ".", m.getNestedTypeList());
        }
    }

    /** The exported type name: the joined name ("Outer_Inner"), escaped if it is a global (only Object here). */
    private static String typeName(String joined) {
        return joined.equals("Object") ? "Object$" : joined;
    }
}
