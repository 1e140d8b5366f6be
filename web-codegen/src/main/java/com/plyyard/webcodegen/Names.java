package com.plyyard.webcodegen;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.List;
import java.util.Set;

/**
 * The naming rules. Every name the generated code uses at runtime must be the one the @bufbuild/protobuf runtime
 * computes itself from the descriptor (field, oneof, enum value and method local names), so these functions follow
 * the runtime's rules (reflect/names.js, registry.js of @bufbuild/protobuf 2.12.0) exactly.
 */
final class Names {

    /** The runtime's own module names; an import map maps them to the bundled runtime files. */
    static final String RUNTIME = "@bufbuild/protobuf";
    static final String CODEGEN = "@bufbuild/protobuf/codegenv2";
    static final String WKT = "@bufbuild/protobuf/wkt";

    /** The google/protobuf files the runtime ships in its wkt module (2.12.0). */
    private static final Set<String> WKT_FILES = Set.of(
            "google/protobuf/any.proto", "google/protobuf/api.proto", "google/protobuf/cpp_features.proto",
            "google/protobuf/descriptor.proto", "google/protobuf/duration.proto", "google/protobuf/empty.proto",
            "google/protobuf/field_mask.proto", "google/protobuf/go_features.proto",
            "google/protobuf/java_features.proto", "google/protobuf/source_context.proto",
            "google/protobuf/struct.proto", "google/protobuf/timestamp.proto", "google/protobuf/type.proto",
            "google/protobuf/wrappers.proto", "google/protobuf/compiler/plugin.proto");

    /** Property names the runtime escapes with a trailing '$' (safeObjectProperty). */
    private static final Set<String> RESERVED_PROPERTIES = Set.of("constructor", "toString", "toJSON", "valueOf");

    /**
     * Names a generated type or constant must not take: ECMAScript/TypeScript keywords and type names, globals the
     * generated code or its users rely on, and the runtime names the generated files import. Such a name gets a
     * trailing '$' everywhere (a pure function of the proto name, so every importing file agrees on it).
     */
    private static final Set<String> RESERVED_IDENTIFIERS = Set.of(
            // ECMAScript keywords and reserved words
            "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
            "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof",
            "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void",
            "while", "with", "yield", "let", "static", "implements", "interface", "package", "private",
            "protected", "public", "await", "arguments", "eval",
            // TypeScript: names a type alias cannot have
            "any", "bigint", "boolean", "never", "number", "object", "string", "symbol", "undefined", "unknown",
            "type", "declare", "namespace", "module", "keyof", "readonly", "infer", "is", "as", "of",
            // globals
            "globalThis", "Object", "Array", "Uint8Array", "BigInt", "Number", "String", "Boolean", "Symbol",
            "Error", "Promise", "Map", "Set", "Date", "JSON", "Math", "Function", "Record", "Partial",
            // what the generated files import from the runtime
            "Message", "JsonObject", "GenFile", "GenMessage", "GenEnum", "GenService",
            "fileDesc", "messageDesc", "enumDesc", "serviceDesc", "tsEnum");

    private Names() {
    }

    /** snake_case to lowerCamelCase as protoc computes JSON names (the runtime's protoCamelCase). */
    static String protoCamelCase(String snakeCase) {
        StringBuilder b = new StringBuilder(snakeCase.length());
        boolean capNext = false;
        for (int i = 0; i < snakeCase.length(); i++) {
            char c = snakeCase.charAt(i);
            if (c == '_') {
                capNext = true;
            } else if (c >= '0' && c <= '9') {
                b.append(c);
                capNext = false;
            } else if (capNext) {
                capNext = false;
                b.append(Character.toUpperCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    static String safeObjectProperty(String name) {
        return RESERVED_PROPERTIES.contains(name) ? name + "$" : name;
    }

    static String safeIdentifier(String name) {
        return RESERVED_IDENTIFIERS.contains(name) ? name + "$" : name;
    }

    /** A field's property name on a message (oneof members are not escaped: they are a oneof's case strings). */
    static String fieldLocalName(String protoName, boolean inOneof) {
        String camel = protoCamelCase(protoName);
        return inOneof ? camel : safeObjectProperty(camel);
    }

    static String oneofLocalName(String protoName) {
        return safeObjectProperty(protoCamelCase(protoName));
    }

    /** A method's key in a service descriptor's {@code method} object: the name with a lower-case first letter. */
    static String methodLocalName(String name) {
        return name.isEmpty() ? name : safeObjectProperty(Character.toLowerCase(name.charAt(0)) + name.substring(1));
    }

    /**
     * The prefix the runtime drops from every value of an enum, or null: "MATCH_STATUS_" for enum MatchStatus when
     * every value starts with it (ignoring case), leaves something behind and no rest starts with a digit.
     */
    static String enumSharedPrefix(EnumDescriptor e) {
        String prefix = camelToSnakeCase(e.getName()) + "_";
        for (EnumValueDescriptor v : e.getValues()) {
            String name = v.getName();
            if (!name.toLowerCase(java.util.Locale.ROOT).startsWith(prefix)) {
                return null;
            }
            String rest = name.substring(prefix.length());
            if (rest.isEmpty() || Character.isDigit(rest.charAt(0))) {
                return null;
            }
        }
        return prefix;
    }

    /** An enum value's local name: the runtime's key in tsEnum objects, and the member of the declared TS enum. */
    static String enumValueLocalName(EnumValueDescriptor v, String sharedPrefix) {
        String name = v.getName();
        return safeObjectProperty(sharedPrefix == null ? name : name.substring(sharedPrefix.length()));
    }

    private static String camelToSnakeCase(String camel) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (i > 0 && c >= 'A' && c <= 'Z') {
                b.append('_');
            }
            b.append(c);
        }
        return b.toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** "plyyard.v1.Outer.Inner" in package "plyyard.v1" -> "Outer_Inner" (escaped when reserved). */
    static String typeName(Descriptor d) {
        return safeIdentifier(joinedName(d.getFullName(), d.getFile()));
    }

    static String typeName(EnumDescriptor e) {
        return safeIdentifier(joinedName(e.getFullName(), e.getFile()));
    }

    static String schemaName(Descriptor d) {
        return joinedName(d.getFullName(), d.getFile()) + "Schema";
    }

    static String schemaName(EnumDescriptor e) {
        return joinedName(e.getFullName(), e.getFile()) + "Schema";
    }

    private static String joinedName(String fullName, FileDescriptor file) {
        String pkg = file.getPackage();
        String local = pkg.isEmpty() ? fullName : fullName.substring(pkg.length() + 1);
        return local.replace('.', '_');
    }

    /** The exported constant holding a file's descriptor: "plyyard/v1/lobby.proto" -> "file_plyyard_v1_lobby". */
    static String fileIdent(String protoPath) {
        return "file_" + stripProto(protoPath).replaceAll("[^a-zA-Z0-9_]+", "_");
    }

    /** "plyyard/v1/lobby.proto" -> "plyyard/v1/lobby_pb" (add ".js" or ".d.ts"). */
    static String outputBase(String protoPath) {
        return stripProto(protoPath) + "_pb";
    }

    private static String stripProto(String protoPath) {
        return protoPath.endsWith(".proto") ? protoPath.substring(0, protoPath.length() - ".proto".length()) : protoPath;
    }

    static boolean isWellKnown(String protoPath) {
        return WKT_FILES.contains(protoPath);
    }

    /** The module specifier under which the file generated for {@code target} is imported from {@code from}'s. */
    static String moduleSpecifier(String fromProto, String targetProto) {
        if (isWellKnown(targetProto)) {
            return WKT;
        }
        List<String> from = List.of(fromProto.split("/"));
        List<String> to = List.of(outputBase(targetProto).split("/"));
        int common = 0;
        // directories only: the last element of each is the file
        while (common < from.size() - 1 && common < to.size() - 1 && from.get(common).equals(to.get(common))) {
            common++;
        }
        StringBuilder b = new StringBuilder();
        int ups = from.size() - 1 - common;
        if (ups == 0) {
            b.append("./");
        } else {
            b.append("../".repeat(ups));
        }
        b.append(String.join("/", to.subList(common, to.size()))).append(".js");
        return b.toString();
    }
}
