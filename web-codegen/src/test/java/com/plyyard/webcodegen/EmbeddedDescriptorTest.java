package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What each _pb.js embeds: decoded and completed the way the runtime's fileDesc() completes it (json names
 * restored, the dependency list rebuilt from the files passed in), it must be exactly the descriptor protoc gave
 * the plugin, minus the source info.
 */
class EmbeddedDescriptorTest {

    @ParameterizedTest
    @ValueSource(strings = {Requests.PROJECT, Requests.EDGE})
    void theEmbeddedDescriptorIsTheInputMinusExactlyTheStrippedFields(String set) throws Exception {
        CodeGeneratorRequest request = Requests.request(set);
        Map<String, FileDescriptorProto> protos = Requests.protosByName(request);
        Map<String, String> files = Requests.generate(request);
        int strippedJsonNames = 0;
        for (String name : request.getFileToGenerateList()) {
            FileDescriptorProto input = protos.get(name);
            GeneratedJs js = new GeneratedJs(files.get(name.replace(".proto", "_pb.js")));
            FileDescriptorProto embedded = FileDescriptorProto.parseFrom(Base64.getDecoder().decode(js.base64));

            assertFalse(embedded.hasSourceCodeInfo(), name + ": source info embedded");
            assertEquals(0, embedded.getDependencyCount(), name + ": dependency list embedded");
            strippedJsonNames += countMissingJsonNames(embedded.getMessageTypeList());

            // what fileDesc() does: restoreJsonNames, then dependency = imports.map(f => f.proto.name)
            FileDescriptorProto.Builder restored = embedded.toBuilder();
            restored.getMessageTypeBuilderList().forEach(EmbeddedDescriptorTest::restoreJsonNames);
            List<String> passed = new ArrayList<>();
            for (String ident : js.fileDescImports) {
                passed.add(protoFileOf(name, ident, js.importedFrom.get(ident), protos));
            }
            restored.addAllDependency(passed);
            assertEquals(input.toBuilder().clearSourceCodeInfo().build(), restored.build(), name);
        }
        assertTrue(strippedJsonNames > 0, "no json_name was stripped");
    }

    @ParameterizedTest
    @ValueSource(strings = {Requests.EDGE})
    void aJsonNameThatDiffersFromTheDefaultIsKept(String set) throws InvalidProtocolBufferException {
        String js = Requests.generate(Requests.request(set)).get("webcodegen/test/edge_pb.js");
        FileDescriptorProto embedded = FileDescriptorProto.parseFrom(Base64.getDecoder().decode(new GeneratedJs(js).base64));
        FieldDescriptorProto jsonNamed = embedded.getMessageType(0).getFieldList().stream()
                .filter(f -> f.getName().equals("json_named")).findFirst().orElseThrow();
        assertEquals("customJson", jsonNamed.getJsonName());
        FieldDescriptorProto plain = embedded.getMessageType(0).getField(0);
        assertFalse(plain.hasJsonName(), "json name of " + plain.getName() + " should be left to the runtime");
    }

    /** The runtime's restoreJsonNames: an unset json_name becomes protoCamelCase(name). */
    private static void restoreJsonNames(DescriptorProto.Builder message) {
        for (FieldDescriptorProto.Builder f : message.getFieldBuilderList()) {
            if (!f.hasJsonName()) {
                f.setJsonName(Names.protoCamelCase(f.getName()));
            }
        }
        message.getNestedTypeBuilderList().forEach(EmbeddedDescriptorTest::restoreJsonNames);
    }

    private static int countMissingJsonNames(List<DescriptorProto> messages) {
        int n = 0;
        for (DescriptorProto m : messages) {
            n += (int) m.getFieldList().stream().filter(f -> !f.hasJsonName()).count();
            n += countMissingJsonNames(m.getNestedTypeList());
        }
        return n;
    }

    /**
     * The proto file whose generated module exports {@code ident} as the import statement names it: a relative
     * module resolved against the importing file's directory, or the runtime's wkt module for google/protobuf.
     */
    private static String protoFileOf(String importer, String ident, String module, Map<String, FileDescriptorProto> protos) {
        assertTrue(module != null, importer + ": " + ident + " is not imported");
        String target;
        if (module.equals("@bufbuild/protobuf/wkt")) {
            target = protos.keySet().stream().filter(p -> Names.fileIdent(p).equals(ident)).findFirst().orElseThrow();
            assertTrue(target.startsWith("google/protobuf/"), target);
        } else {
            assertTrue(module.startsWith("./") || module.startsWith("../"), module);
            String resolved = URI.create("file:///" + importer).resolve(module).getPath().substring(1);
            assertTrue(resolved.endsWith("_pb.js"), resolved);
            target = resolved.substring(0, resolved.length() - "_pb.js".length()) + ".proto";
        }
        assertTrue(protos.containsKey(target), importer + " imports the module of an unknown file " + target);
        assertEquals(Names.fileIdent(target), ident.replaceAll("\\$\\d+$", ""), "file constant of " + target);
        return target;
    }
}
