package com.plyyard.webcodegen;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo.Location;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.GenericDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One file to generate: its descriptor, its comments, and the types it declares in the order and with the index
 * paths the runtime uses.
 */
final class FileModel {

    enum Kind { MESSAGE, ENUM, SERVICE }

    /**
     * A declared message, enum or service. {@code runtimePath} is what messageDesc/enumDesc/serviceDesc take: the
     * runtime's index in file.messages / nestedMessages / enums / nestedEnums / services, where map entry messages
     * do not count. {@code sourcePath} is the descriptor path (for comments), where they do.
     */
    record DeclaredType(Kind kind, GenericDescriptor descriptor, String name, String schemaName,
                        List<Integer> runtimePath, List<Integer> sourcePath) {
    }

    // field numbers in FileDescriptorProto / DescriptorProto, for source_code_info paths
    static final int FILE_MESSAGE = 4;
    static final int FILE_ENUM = 5;
    static final int FILE_SERVICE = 6;
    static final int FILE_SYNTAX = 12;
    static final int MESSAGE_FIELD = 2;
    static final int MESSAGE_NESTED = 3;
    static final int MESSAGE_ENUM = 4;
    static final int MESSAGE_ONEOF = 8;
    static final int ENUM_VALUE = 2;
    static final int SERVICE_METHOD = 2;

    final FileDescriptor file;
    final FileDescriptorProto proto;
    final String ident;
    final List<DeclaredType> types = new ArrayList<>();
    private final Map<List<Integer>, Location> locations = new HashMap<>();

    FileModel(FileDescriptor file, FileDescriptorProto proto) {
        this.file = file;
        this.proto = proto;
        this.ident = Names.fileIdent(file.getName());
        for (Location l : proto.getSourceCodeInfo().getLocationList()) {
            locations.putIfAbsent(l.getPathList(), l);
        }
        if (!file.getExtensions().isEmpty()) {
            throw new GeneratorException(file.getName() + ": extensions are not supported");
        }
        // the runtime's order (reflect/nested-types.js): each message followed by its nested messages and enums,
        // then the file's enums, then its services
        for (Descriptor m : file.getMessageTypes()) {
            addMessage(m, List.of(m.getIndex()), List.of(FILE_MESSAGE, m.getIndex()));
        }
        for (EnumDescriptor e : file.getEnumTypes()) {
            types.add(new DeclaredType(Kind.ENUM, e, Names.typeName(e), Names.schemaName(e),
                    List.of(e.getIndex()), List.of(FILE_ENUM, e.getIndex())));
        }
        for (ServiceDescriptor s : file.getServices()) {
            types.add(new DeclaredType(Kind.SERVICE, s, Names.safeIdentifier(s.getName()), null,
                    List.of(s.getIndex()), List.of(FILE_SERVICE, s.getIndex())));
        }
        checkNoClashes();
    }

    private void addMessage(Descriptor m, List<Integer> runtimePath, List<Integer> sourcePath) {
        if (!m.getExtensions().isEmpty()) {
            throw new GeneratorException(m.getFullName() + ": extensions are not supported");
        }
        types.add(new DeclaredType(Kind.MESSAGE, m, Names.typeName(m), Names.schemaName(m), runtimePath, sourcePath));
        int runtimeIndex = 0;
        for (Descriptor nested : m.getNestedTypes()) {
            if (nested.getOptions().getMapEntry()) {
                continue; // the runtime keeps map entries out of nestedMessages: they are no types of their own
            }
            addMessage(nested, append(runtimePath, runtimeIndex++), append(sourcePath, MESSAGE_NESTED, nested.getIndex()));
        }
        for (EnumDescriptor e : m.getEnumTypes()) {
            types.add(new DeclaredType(Kind.ENUM, e, Names.typeName(e), Names.schemaName(e),
                    append(runtimePath, e.getIndex()), append(sourcePath, MESSAGE_ENUM, e.getIndex())));
        }
    }

    /** Names declared in the generated files: the file constant, every type and every schema. */
    Set<String> declaredNames() {
        Set<String> names = new LinkedHashSet<>();
        names.add(ident);
        for (DeclaredType t : types) {
            names.add(t.name());
            if (t.schemaName() != null) {
                names.add(t.schemaName());
            }
        }
        return names;
    }

    /** Foo_Bar declared at the top and Foo.Bar nested would both export "Foo_Bar": refuse rather than shadow. */
    private void checkNoClashes() {
        Map<String, String> seen = new HashMap<>();
        seen.put(ident, "the file constant");
        for (DeclaredType t : types) {
            for (String n : t.schemaName() == null ? List.of(t.name()) : List.of(t.name(), t.schemaName())) {
                String previous = seen.putIfAbsent(n, t.descriptor().getFullName());
                if (previous != null) {
                    throw new GeneratorException(file.getName() + ": " + t.descriptor().getFullName() + " and "
                            + previous + " would both be exported as " + n);
                }
            }
        }
    }

    Location location(List<Integer> path) {
        return locations.get(path);
    }

    /** The comments at a path, leading then trailing, one space of comment indentation removed; "" if none. */
    String comments(List<Integer> path) {
        Location l = locations.get(path);
        if (l == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (l.hasLeadingComments()) {
            parts.add(clean(l.getLeadingComments()));
        }
        if (l.hasTrailingComments()) {
            parts.add(clean(l.getTrailingComments()));
        }
        parts.removeIf(String::isEmpty);
        return String.join("\n\n", parts);
    }

    /** The comments before the syntax statement: the file's own documentation. */
    String fileComments() {
        Location l = locations.get(List.of(FILE_SYNTAX));
        if (l == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (String detached : l.getLeadingDetachedCommentsList()) {
            parts.add(clean(detached));
        }
        if (l.hasLeadingComments()) {
            parts.add(clean(l.getLeadingComments()));
        }
        parts.removeIf(String::isEmpty);
        return String.join("\n\n", parts);
    }

    private static String clean(String comment) {
        List<String> lines = new ArrayList<>();
        for (String line : comment.split("\n", -1)) {
            lines.add(line.startsWith(" ") ? line.substring(1) : line);
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
            lines.remove(lines.size() - 1);
        }
        while (!lines.isEmpty() && lines.get(0).isBlank()) {
            lines.remove(0);
        }
        return String.join("\n", lines).stripTrailing();
    }

    static List<Integer> append(List<Integer> path, int... more) {
        List<Integer> p = new ArrayList<>(path);
        for (int i : more) {
            p.add(i);
        }
        return List.copyOf(p);
    }

    /**
     * A JSDoc block: the text lines, then the tags, each line prefixed with {@code indent + " * "}. "*\/" in a
     * comment would end the block early and is escaped.
     */
    static String jsDoc(String indent, String text, String... tags) {
        StringBuilder b = new StringBuilder(indent).append("/**\n");
        List<String> lines = new ArrayList<>();
        if (!text.isEmpty()) {
            lines.addAll(List.of(text.split("\n", -1)));
        }
        boolean tagsStarted = false;
        for (String tag : tags) {
            if (tag == null) {
                continue;
            }
            if (!tagsStarted && !lines.isEmpty() && !text.isEmpty()) {
                lines.add("");
            }
            tagsStarted = true;
            lines.add(tag);
        }
        for (String line : lines) {
            String escaped = line.replace("*/", "*\\/");
            b.append(indent).append(escaped.isEmpty() ? " *" : " * " + escaped).append('\n');
        }
        return b.append(indent).append(" */\n").toString();
    }
}
