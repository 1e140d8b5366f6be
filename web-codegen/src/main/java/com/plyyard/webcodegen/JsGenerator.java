package com.plyyard.webcodegen;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code _pb.js} file: an ES module in the shape protobuf-es v2 generates. It embeds the file's descriptor
 * (fileDesc) and exports a schema per message and enum, a TypeScript-style enum object per enum (tsEnum) and a
 * descriptor per service; the @bufbuild/protobuf runtime does the rest (create, toBinary, fromBinary, JSON).
 */
final class JsGenerator {

    private JsGenerator() {
    }

    static String generate(FileModel model) {
        FileDescriptor file = model.file;
        Imports runtime = new Imports(model.declaredNames(), false);
        Imports files = new Imports(model.declaredNames(), false);
        StringBuilder body = new StringBuilder();

        // fileDesc takes the imported files in the order of the dependency list: the embedded descriptor's
        // public_dependency / weak_dependency indices refer to it
        List<String> deps = new ArrayList<>();
        for (FileDescriptor dep : file.getDependencies()) {
            deps.add(files.use(Names.moduleSpecifier(file.getName(), dep.getName()), Names.fileIdent(dep.getName())));
        }
        String fileDesc = runtime.use(Names.CODEGEN, "fileDesc");
        body.append(FileModel.jsDoc("", "Describes the file " + file.getName() + "."));
        body.append("export const ").append(model.ident).append(" = /*@__PURE__*/ ").append(fileDesc)
                .append("(\"").append(EmbeddedDescriptor.base64(model.proto)).append('"');
        if (!deps.isEmpty()) {
            body.append(", [").append(String.join(", ", deps)).append(']');
        }
        body.append(");\n");

        for (FileModel.DeclaredType t : model.types) {
            body.append('\n');
            String path = t.runtimePath().stream().map(String::valueOf).collect(Collectors.joining(", "));
            String fullName = t.descriptor().getFullName();
            switch (t.kind()) {
                case MESSAGE -> {
                    body.append(FileModel.jsDoc("", "Describes the message " + fullName + ".\n"
                            + "Use `create(" + t.schemaName() + ")` to create a new message."));
                    body.append("export const ").append(t.schemaName()).append(" = /*@__PURE__*/ ")
                            .append(runtime.use(Names.CODEGEN, "messageDesc"))
                            .append('(').append(model.ident).append(", ").append(path).append(");\n");
                }
                case ENUM -> {
                    body.append(FileModel.jsDoc("", "Describes the enum " + fullName + "."));
                    body.append("export const ").append(t.schemaName()).append(" = /*@__PURE__*/ ")
                            .append(runtime.use(Names.CODEGEN, "enumDesc"))
                            .append('(').append(model.ident).append(", ").append(path).append(");\n\n");
                    body.append(FileModel.jsDoc("", model.comments(t.sourcePath()), "@generated from enum " + fullName));
                    body.append("export const ").append(t.name()).append(" = /*@__PURE__*/ ")
                            .append(runtime.use(Names.CODEGEN, "tsEnum"))
                            .append('(').append(t.schemaName()).append(");\n");
                }
                case SERVICE -> {
                    body.append(FileModel.jsDoc("", model.comments(t.sourcePath()),
                            "@generated from service " + fullName));
                    body.append("export const ").append(t.name()).append(" = /*@__PURE__*/ ")
                            .append(runtime.use(Names.CODEGEN, "serviceDesc"))
                            .append('(').append(model.ident).append(", ").append(path).append(");\n");
                }
            }
        }
        return ProtocGenPlyyardJs.header(file) + runtime.render() + files.render() + "\n" + body;
    }
}
