package com.plyyard.webcodegen;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import java.util.Base64;

/**
 * The file descriptor as the generated code embeds it: what the runtime's fileDesc() needs, nothing it restores
 * itself. Like protobuf-es's own generator: no source_code_info (comments are for the .d.ts, not for the wire), no
 * dependency list (fileDesc() rebuilds it from the imported files, in order), no json_name where restoreJsonNames()
 * computes the same one.
 */
final class EmbeddedDescriptor {

    private EmbeddedDescriptor() {
    }

    static FileDescriptorProto strip(FileDescriptorProto file) {
        FileDescriptorProto.Builder b = file.toBuilder().clearDependency().clearSourceCodeInfo();
        for (DescriptorProto.Builder message : b.getMessageTypeBuilderList()) {
            stripJsonNames(message);
        }
        return b.build();
    }

    private static void stripJsonNames(DescriptorProto.Builder message) {
        for (FieldDescriptorProto.Builder field : message.getFieldBuilderList()) {
            if (field.hasJsonName() && field.getJsonName().equals(Names.protoCamelCase(field.getName()))) {
                field.clearJsonName();
            }
        }
        for (DescriptorProto.Builder nested : message.getNestedTypeBuilderList()) {
            stripJsonNames(nested);
        }
    }

    /** Standard base64 without padding, as protobuf-es embeds it (the runtime decodes both). */
    static String base64(FileDescriptorProto file) {
        return Base64.getEncoder().withoutPadding().encodeToString(strip(file).toByteArray());
    }
}
