package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The TypeScript declarations: field types as the runtime represents them, names, comments, imports. */
class DtsTest {

    private static final Map<String, String> EDGE = Requests.generate(Requests.request(Requests.EDGE));
    private static final String EDGE_DTS = EDGE.get("webcodegen/test/edge_pb.d.ts");

    @Test
    void fieldTypesFollowTheRuntime() {
        String outer = typeBlock(EDGE_DTS, "Outer");
        assertContains(outer, "  tags: { [key: string]: string };");
        assertContains(outer, "  inners: { [key: number]: Outer_Inner };");
        assertContains(outer, "  kinds: { [key: string]: Outer_Kind };");       // 64-bit keys are strings
        assertContains(outer, "  flags: { [key: string]: Uint8Array };");       // bool keys too
        assertContains(outer, "  maybeBig?: bigint | undefined;");
        assertContains(outer, "  maybeKind?: Outer_Kind | undefined;");
        assertContains(outer, "  maybeInner?: Outer_Inner | undefined;");
        assertContains(outer, "  counts: bigint[];");
        assertContains(outer, "  deepers: Outer_Inner_Deeper[];");
        assertContains(outer, "  at?: Timestamp | undefined;");
        assertContains(outer, "  wrapped?: bigint | undefined;");               // wrappers are unboxed...
        assertContains(outer, "  wrappedList: Int64Value[];");                  // ...but not in lists
        assertContains(outer, "  meta?: JsonObject | undefined;");
        assertContains(outer, "  shared?: Shared | undefined;");
        assertContains(outer, "  colour: Colour;");
        assertContains(outer, "  asString: string;");                           // jstype = JS_STRING
        assertContains(outer, "  jsonNamed: string;");                          // the property is not the JSON name
        assertContains(outer, "  constructor$: boolean;");
        assertContains(outer, "  ratio: number;");
        assertContains(outer, "  small: number;");
        assertContains(typeBlock(EDGE_DTS, "Outer_Inner"), "  big: bigint;");
        assertContains(typeBlock(EDGE_DTS, "Outer_Inner_Deeper"), "  s: bigint;");
    }

    @Test
    void oneofsAreDiscriminatedUnionsInDeclarationOrder() {
        String outer = typeBlock(EDGE_DTS, "Outer");
        String choice = outer.substring(outer.indexOf("  choice: {"), outer.indexOf("  maybeBig?:"));
        String[] cases = {"text\";", "inner\";", "boxed\";", "blob\";", "key\";"};
        String[] values = {"value: string;", "value: Outer_Inner;", "value: Int32Value;", "value: Uint8Array;", "value: bigint;"};
        int at = 0;
        for (int i = 0; i < cases.length; i++) {
            int value = choice.indexOf(values[i], at);
            int kase = choice.indexOf("case: \"" + cases[i], at);
            assertTrue(value > 0 && kase > value, "member " + cases[i] + " of " + choice);
            at = kase;
        }
        assertTrue(choice.indexOf("  } | { case: undefined; value?: undefined };\n") > at, choice);
        assertContains(outer, "  otherChoice: {");
        assertContains(outer, "    case: \"otherKind\";");
        // members stay in declaration order: the oneof where its first field is
        assertTrue(outer.indexOf("  flags:") < outer.indexOf("  choice:")
                && outer.indexOf("  choice:") < outer.indexOf("  maybeBig?:"), outer);
    }

    @Test
    void enumMembersAreTheRuntimeLocalNames() {
        assertContains(EDGE_DTS, "export declare enum Outer_Kind {");
        assertContains(EDGE_DTS, "  UNSPECIFIED = 0,");
        assertContains(EDGE_DTS, "  BIG = 1,");
        assertContains(EDGE_DTS, "  LEVEL_1 = 1,");                              // no prefix dropped: "1" would start it
        assertContains(EDGE.get("webcodegen/test/sub/common_pb.d.ts"), "  NONE = 0,");
        assertContains(EDGE_DTS, "export declare const Outer_KindSchema: GenEnum<Outer_Kind>;");
    }

    @Test
    void servicesTypeEveryMethod() {
        assertContains(EDGE_DTS, "  watch: {\n    methodKind: \"server_streaming\";\n"
                + "    input: typeof EmptySchema;\n    output: typeof Outer_InnerSchema;\n  },");
        assertContains(EDGE_DTS, "    methodKind: \"client_streaming\";\n    input: typeof Outer_Inner_DeeperSchema;\n"
                + "    output: typeof TimestampSchema;");
        assertContains(EDGE_DTS, "  chat: {\n    methodKind: \"bidi_streaming\";");
        assertContains(EDGE_DTS, "  toString$: {");
        assertContains(EDGE_DTS, "import type { Int32Value, Int64Value, Timestamp, TimestampSchema } from \"@bufbuild/protobuf/wkt\";");
    }

    @Test
    void aTypeNamedLikeAnImportedOneGetsTheImportAliased() {
        String peer = EDGE.get("webcodegen/peer/peer_pb.d.ts");
        assertContains(peer, "import type { Shared as Shared$1, SharedSchema as SharedSchema$1 } from \"../test/sub/common_pb.js\";");
        assertContains(peer, "  theirs?: Shared$1 | undefined;");
        assertContains(peer, "    input: typeof SharedSchema$1;\n    output: typeof SharedSchema;");
        assertContains(peer, "export declare type Shared = Message<\"webcodegen.peer.Shared\"> & {");
    }

    @Test
    void commentsBecomeJsDoc() {
        Map<String, String> project = Requests.generate(Requests.request(Requests.PROJECT));
        String lobby = project.get("plyyard/v1/lobby_pb.d.ts");
        assertContains(lobby, "  /**\n   * No authorization needed. Names are 2-32 characters [A-Za-z0-9_-], unique ignoring case.\n"
                + "   *\n   * @generated from rpc plyyard.v1.LobbyService.Register\n   */\n  register: {");
        assertContains(lobby, " * Authentication: every call except Register (and AccountService's SignUp, SignIn and RecoverAccount, accounts.proto)");
        String games = project.get("plyyard/v1/games_pb.d.ts");
        assertContains(games, "   * seat indices\n   *\n   * @generated from field: repeated uint32 winners = 2;\n   */\n  winners: number[];");
    }

    /** Every field of every project message is declared with its runtime name, optionality and a plausible type. */
    @Test
    void everyProjectFieldIsDeclared() {
        CodeGeneratorRequest request = Requests.request(Requests.PROJECT);
        Map<String, String> files = Requests.generate(request);
        Map<String, FileDescriptorProto> protos = Requests.protosByName(request);
        int checked = 0;
        for (String name : request.getFileToGenerateList()) {
            String dts = files.get(name.replace(".proto", "_pb.d.ts"));
            for (DescriptorProto m : protos.get(name).getMessageTypeList()) {
                String block = typeBlock(dts, m.getName());
                for (FieldDescriptorProto f : m.getFieldList()) {
                    String camel = Names.protoCamelCase(f.getName());
                    boolean inRealOneof = f.hasOneofIndex() && !f.getProto3Optional();
                    if (inRealOneof) {
                        assertContains(block, "    case: \"" + camel + "\";");
                        continue;
                    }
                    DescriptorProto entry = mapEntry(m, f);
                    if (entry != null) { // a map: an object keyed by the key's text, protobuf-es's shape
                        assertContains(block, "\n  " + camel + ": { [key: string]: " + scalar(entry.getField(1)) + " };");
                        checked++;
                        continue;
                    }
                    boolean optional = f.getProto3Optional()
                            || (f.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE
                                && f.getLabel() != FieldDescriptorProto.Label.LABEL_REPEATED);
                    String type = scalar(f) + (f.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED ? "[]" : "");
                    assertContains(block, "\n  " + camel + (optional ? "?: " + type + " | undefined;" : ": " + type + ";"));
                    checked++;
                }
            }
        }
        assertTrue(checked > 300, "only " + checked + " fields checked");
    }

    /** The synthetic entry message of a map field, or null when {@code f} is no map. */
    private static DescriptorProto mapEntry(DescriptorProto m, FieldDescriptorProto f) {
        if (f.getType() != FieldDescriptorProto.Type.TYPE_MESSAGE || f.getLabel() != FieldDescriptorProto.Label.LABEL_REPEATED) {
            return null;
        }
        String name = f.getTypeName().substring(f.getTypeName().lastIndexOf('.') + 1);
        return m.getNestedTypeList().stream().filter(n -> n.getName().equals(name) && n.getOptions().getMapEntry())
            .findFirst().orElse(null);
    }

    /** The TypeScript type of a field's single value. */
    private static String scalar(FieldDescriptorProto f) {
        return switch (f.getType()) {
            case TYPE_INT64, TYPE_UINT64, TYPE_SINT64, TYPE_FIXED64, TYPE_SFIXED64 -> "bigint";
            case TYPE_INT32, TYPE_UINT32, TYPE_SINT32, TYPE_FIXED32, TYPE_SFIXED32, TYPE_DOUBLE, TYPE_FLOAT -> "number";
            case TYPE_STRING -> "string";
            case TYPE_BOOL -> "boolean";
            case TYPE_BYTES -> "Uint8Array";
            default -> f.getTypeName().substring(f.getTypeName().lastIndexOf('.') + 1);
        };
    }

    /** The body of {@code export declare type name = Message<...> & { ... };}. */
    private static String typeBlock(String dts, String name) {
        int start = dts.indexOf("export declare type " + name + " = Message<");
        assertTrue(start >= 0, "no type " + name);
        int end = dts.indexOf("\n};\n", start);
        return dts.substring(start, end + 4);
    }

    private static void assertContains(String text, String expected) {
        assertTrue(text.contains(expected), () -> "expected\n" + expected + "\nin\n" + text);
    }

    @Test
    void everyGeneratedDeclarationFileDeclaresTheFileConstant() {
        for (Map.Entry<String, String> e : EDGE.entrySet()) {
            if (e.getKey().endsWith(".d.ts")) {
                String ident = Names.fileIdent(e.getKey().replace("_pb.d.ts", ".proto"));
                assertContains(e.getValue(), "export declare const " + ident + ": GenFile;");
            }
        }
        assertEquals(6, EDGE.size());
    }
}
