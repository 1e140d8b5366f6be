package com.plyyard.webcodegen;

import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldOptions.JSType;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code _pb.d.ts} file: the types of what the {@code _pb.js} file exports, in protobuf-es v2 style. A message
 * is a type {@code Message<"pkg.Name"> & { fields }} plus its {@code GenMessage} schema; an enum a TypeScript enum
 * plus its {@code GenEnum}; a service a {@code GenService} typing every method's kind, input and output. The field
 * types are those the runtime produces (e.g. 64-bit integers as bigint, wrapper messages unboxed).
 */
final class DtsGenerator {

    /** Wrapper messages the runtime unboxes in singular fields outside oneofs (wkt/wrappers.js). */
    private static final Map<String, String> WRAPPERS = Map.of(
            "google.protobuf.DoubleValue", "number", "google.protobuf.FloatValue", "number",
            "google.protobuf.Int64Value", "bigint", "google.protobuf.UInt64Value", "bigint",
            "google.protobuf.Int32Value", "number", "google.protobuf.UInt32Value", "number",
            "google.protobuf.BoolValue", "boolean", "google.protobuf.StringValue", "string",
            "google.protobuf.BytesValue", "Uint8Array");

    private final FileModel model;
    private final FileDescriptor file;
    private final Imports codegen;
    private final Imports runtime;
    private final Imports types;
    private final StringBuilder out = new StringBuilder();

    private DtsGenerator(FileModel model) {
        this.model = model;
        this.file = model.file;
        Set<String> local = model.declaredNames();
        this.codegen = new Imports(local, true);
        this.runtime = new Imports(local, true);
        // names imported from other generated files must not clash with the runtime's either
        Set<String> forTypes = new HashSet<>(local);
        forTypes.addAll(List.of("Message", "JsonObject", "GenFile", "GenMessage", "GenEnum", "GenService"));
        this.types = new Imports(forTypes, true);
    }

    static String generate(FileModel model) {
        return new DtsGenerator(model).render();
    }

    private String render() {
        String fileComments = model.fileComments();
        String text = "Describes the file " + file.getName() + "." + (fileComments.isEmpty() ? "" : "\n\n" + fileComments);
        out.append(FileModel.jsDoc("", text));
        out.append("export declare const ").append(model.ident).append(": ")
                .append(codegen.use(Names.CODEGEN, "GenFile")).append(";\n");
        for (FileModel.DeclaredType t : model.types) {
            out.append('\n');
            switch (t.kind()) {
                case MESSAGE -> message(t);
                case ENUM -> enumeration(t);
                case SERVICE -> service(t);
            }
        }
        return ProtocGenPlyyardJs.header(file) + codegen.render() + runtime.render() + types.render() + "\n" + out;
    }

    private void message(FileModel.DeclaredType t) {
        Descriptor m = (Descriptor) t.descriptor();
        out.append(FileModel.jsDoc("", model.comments(t.sourcePath()), "@generated from message " + m.getFullName(),
                deprecated(m.getOptions().getDeprecated())));
        out.append("export declare type ").append(t.name()).append(" = ")
                .append(runtime.use(Names.RUNTIME, "Message")).append("<\"").append(m.getFullName()).append("\"> & {\n");
        Set<OneofDescriptor> done = new HashSet<>();
        boolean first = true;
        // members in declaration order; a oneof stands where its first field is
        for (FieldDescriptor f : m.getFields()) {
            OneofDescriptor oneof = f.getRealContainingOneof();
            if (oneof != null && !done.add(oneof)) {
                continue;
            }
            if (!first) {
                out.append('\n');
            }
            first = false;
            if (oneof != null) {
                oneof(t, oneof);
            } else {
                field(t, f);
            }
        }
        out.append("};\n\n");
        out.append(FileModel.jsDoc("", "Describes the message " + m.getFullName() + ".\n"
                + "Use `create(" + t.schemaName() + ")` to create a new message."));
        out.append("export declare const ").append(t.schemaName()).append(": ")
                .append(codegen.use(Names.CODEGEN, "GenMessage")).append('<').append(t.name()).append(">;\n");
    }

    private void field(FileModel.DeclaredType owner, FieldDescriptor f) {
        out.append(FileModel.jsDoc("  ", model.comments(FileModel.append(owner.sourcePath(), FileModel.MESSAGE_FIELD, f.getIndex())),
                "@generated from field: " + declaration(f), deprecated(f.getOptions().getDeprecated())));
        String name = Names.fieldLocalName(f.getName(), false);
        // the runtime leaves message fields and proto3 `optional` fields undefined until set
        boolean optional = !f.isRepeated()
                && (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE || f.toProto().getProto3Optional());
        String type = typeOf(f);
        out.append("  ").append(name).append(optional ? "?: " + type + " | undefined" : ": " + type).append(";\n");
    }

    private void oneof(FileModel.DeclaredType owner, OneofDescriptor oneof) {
        List<Integer> path = FileModel.append(owner.sourcePath(), FileModel.MESSAGE_ONEOF, oneof.getIndex());
        out.append(FileModel.jsDoc("  ", model.comments(path), "@generated from oneof " + oneof.getFullName()));
        out.append("  ").append(Names.oneofLocalName(oneof.getName())).append(": ");
        for (FieldDescriptor f : oneof.getFields()) {
            out.append("{\n");
            out.append(FileModel.jsDoc("    ",
                    model.comments(FileModel.append(owner.sourcePath(), FileModel.MESSAGE_FIELD, f.getIndex())),
                    "@generated from field: " + declaration(f), deprecated(f.getOptions().getDeprecated())));
            out.append("    value: ").append(typeOf(f)).append(";\n");
            out.append("    case: \"").append(Names.fieldLocalName(f.getName(), true)).append("\";\n");
            out.append("  } | ");
        }
        out.append("{ case: undefined; value?: undefined };\n");
    }

    /** The TypeScript type of a field's value, as the runtime represents it. */
    private String typeOf(FieldDescriptor f) {
        if (f.isMapField()) {
            Descriptor entry = f.getMessageType();
            FieldDescriptor key = entry.findFieldByNumber(1);
            FieldDescriptor value = entry.findFieldByNumber(2);
            return "{ [key: " + mapKeyType(key) + "]: " + elementType(value, f, false) + " }";
        }
        if (f.isRepeated()) {
            return elementType(f, f, false) + "[]";
        }
        return elementType(f, f, f.getRealContainingOneof() == null);
    }

    /**
     * One value of {@code f}; {@code owner} is the field the value belongs to (the map field for a map value).
     * Wrapper messages are unboxed only in a singular field outside a oneof, as the runtime does.
     */
    private String elementType(FieldDescriptor f, FieldDescriptor owner, boolean unboxWrappers) {
        switch (f.getJavaType()) {
            case MESSAGE -> {
                Descriptor d = f.getMessageType();
                if (unboxWrappers && WRAPPERS.containsKey(d.getFullName())) {
                    return WRAPPERS.get(d.getFullName());
                }
                if (d.getFullName().equals("google.protobuf.Struct")
                        && !owner.getContainingType().getFullName().equals("google.protobuf.Value")) {
                    return runtime.use(Names.RUNTIME, "JsonObject");
                }
                return typeRef(d.getFile(), Names.typeName(d));
            }
            case ENUM -> {
                EnumDescriptor e = f.getEnumType();
                return typeRef(e.getFile(), Names.typeName(e));
            }
            case LONG -> {
                return f.getOptions().getJstype() == JSType.JS_STRING ? "string" : "bigint";
            }
            case INT, FLOAT, DOUBLE -> {
                return "number";
            }
            case BOOLEAN -> {
                return "boolean";
            }
            case STRING -> {
                return "string";
            }
            case BYTE_STRING -> {
                return "Uint8Array";
            }
            default -> throw new GeneratorException("unexpected field type of " + f.getFullName());
        }
    }

    /** JavaScript object keys: numbers for 32-bit integer keys, strings for everything else (64-bit, bool). */
    private static String mapKeyType(FieldDescriptor key) {
        return key.getJavaType() == FieldDescriptor.JavaType.INT ? "number" : "string";
    }

    private String typeRef(FileDescriptor declaredIn, String name) {
        if (declaredIn.getName().equals(file.getName())) {
            return name;
        }
        return types.use(Names.moduleSpecifier(file.getName(), declaredIn.getName()), name);
    }

    private void enumeration(FileModel.DeclaredType t) {
        EnumDescriptor e = (EnumDescriptor) t.descriptor();
        String prefix = Names.enumSharedPrefix(e);
        out.append(FileModel.jsDoc("", model.comments(t.sourcePath()), "@generated from enum " + e.getFullName(),
                deprecated(e.getOptions().getDeprecated())));
        out.append("export declare enum ").append(t.name()).append(" {\n");
        boolean first = true;
        for (EnumValueDescriptor v : e.getValues()) {
            if (!first) {
                out.append('\n');
            }
            first = false;
            List<Integer> path = FileModel.append(t.sourcePath(), FileModel.ENUM_VALUE, v.getIndex());
            out.append(FileModel.jsDoc("  ", model.comments(path),
                    "@generated from enum value: " + v.getName() + " = " + v.getNumber() + ";",
                    deprecated(v.getOptions().getDeprecated())));
            out.append("  ").append(Names.enumValueLocalName(v, prefix)).append(" = ").append(v.getNumber()).append(",\n");
        }
        out.append("}\n\n");
        out.append(FileModel.jsDoc("", "Describes the enum " + e.getFullName() + "."));
        out.append("export declare const ").append(t.schemaName()).append(": ")
                .append(codegen.use(Names.CODEGEN, "GenEnum")).append('<').append(t.name()).append(">;\n");
    }

    private void service(FileModel.DeclaredType t) {
        ServiceDescriptor s = (ServiceDescriptor) t.descriptor();
        out.append(FileModel.jsDoc("", model.comments(t.sourcePath()), "@generated from service " + s.getFullName(),
                deprecated(s.getOptions().getDeprecated())));
        out.append("export declare const ").append(t.name()).append(": ")
                .append(codegen.use(Names.CODEGEN, "GenService")).append("<{\n");
        for (MethodDescriptor method : s.getMethods()) {
            List<Integer> path = FileModel.append(t.sourcePath(), FileModel.SERVICE_METHOD, method.getIndex());
            out.append(FileModel.jsDoc("  ", model.comments(path), "@generated from rpc " + method.getFullName(),
                    deprecated(method.getOptions().getDeprecated())));
            out.append("  ").append(Names.methodLocalName(method.getName())).append(": {\n");
            out.append("    methodKind: \"").append(methodKind(method)).append("\";\n");
            out.append("    input: typeof ").append(schemaRef(method.getInputType())).append(";\n");
            out.append("    output: typeof ").append(schemaRef(method.getOutputType())).append(";\n");
            out.append("  },\n");
        }
        out.append("}>;\n");
    }

    private String schemaRef(Descriptor d) {
        return typeRef(d.getFile(), Names.schemaName(d));
    }

    static String methodKind(MethodDescriptor m) {
        if (m.isClientStreaming() && m.isServerStreaming()) {
            return "bidi_streaming";
        }
        if (m.isClientStreaming()) {
            return "client_streaming";
        }
        return m.isServerStreaming() ? "server_streaming" : "unary";
    }

    private static String deprecated(boolean deprecated) {
        return deprecated ? "@deprecated" : null;
    }

    /** The field as written in the .proto, e.g. "optional uint64 clock_millis = 5", for the JSDoc. */
    private String declaration(FieldDescriptor f) {
        StringBuilder b = new StringBuilder();
        FieldDescriptorProto p = f.toProto();
        if (f.isMapField()) {
            Descriptor entry = f.getMessageType();
            b.append("map<").append(protoType(entry.findFieldByNumber(1))).append(", ")
                    .append(protoType(entry.findFieldByNumber(2))).append("> ");
        } else {
            if (f.isRepeated()) {
                b.append("repeated ");
            } else if (p.getProto3Optional()) {
                b.append("optional ");
            } else if (p.getLabel() == FieldDescriptorProto.Label.LABEL_REQUIRED) {
                b.append("required ");
            } else if (isProto2() && f.getRealContainingOneof() == null) {
                b.append("optional ");
            }
            b.append(protoType(f)).append(' ');
        }
        b.append(f.getName()).append(" = ").append(f.getNumber());
        if (f.getOptions().hasJstype()) {
            b.append(" [jstype = ").append(f.getOptions().getJstype().name()).append(']');
        }
        if (f.getOptions().getDeprecated()) {
            b.append(" [deprecated = true]");
        }
        return b.append(';').toString();
    }

    private boolean isProto2() {
        String syntax = model.proto.getSyntax();
        return syntax.isEmpty() || syntax.equals("proto2");
    }

    private static String protoType(FieldDescriptor f) {
        return switch (f.getType()) {
            case MESSAGE, GROUP -> f.getMessageType().getFullName();
            case ENUM -> f.getEnumType().getFullName();
            default -> f.getType().name().toLowerCase(Locale.ROOT);
        };
    }
}
