package com.plyyard.grpc;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Map;

/**
 * The limits every request of every Ply Yard service meets before any service code sees it: each text field at most
 * its documented number of characters and free of control characters (NUL included: PostgreSQL refuses it in text,
 * and nothing in the contracts needs one), each repeated field of text or messages at most {@link #maxRepeated} elements
 * (repeated numbers, such as a game's repetition keys, are bounded by {@link #maxBytes} alone). Checked by
 * walking the request by protobuf reflection, so a field added to a contract is covered at once (with the default
 * limit, unless it is named in the overrides). docs/contracts.md lists the limits.
 *
 * @param defaultMaxChars the limit of a text field not named in {@code maxCharsByField}
 * @param maxCharsByField limits by field name (the proto name, e.g. "position"), wherever the field appears
 * @param maxRepeated     the most elements a repeated field of text or messages may have
 * @param maxBytes        the largest request, serialized
 */
public record InputLimits(int defaultMaxChars, Map<String, Integer> maxCharsByField, int maxRepeated, int maxBytes) {
    /** A game record sent whole (a review of an imported game): 1024 plies of the longest moves, with its tags. */
    public static final int RECORD_CHARS = 1 << 18;

    /** Fields of text in lines, a game record's: line breaks and tabs are their own, every other control is refused. */
    static final java.util.Set<String> LINES = java.util.Set.of("record");

    /** The limits of the Ply Yard contracts: ids and names are short, positions and moves a little longer. */
    public static final InputLimits PLY_YARD = new InputLimits(64, Map.ofEntries(
        Map.entry("position", 1024), Map.entry("start_position", 1024), // a 10×10 position with counters, and room
        Map.entry("move", 256), Map.entry("moves", 256),                  // the longest draughts capture path: 20 squares
        Map.entry("pv", 256),
        Map.entry("description", 400),
        Map.entry("record", RECORD_CHARS),
        // passwords have at most 128 characters (code points, up to two UTF-16 units each): the lobby's own rule says so
        // in its sentence; beyond twice that the edge refuses them unread
        Map.entry("password", 256), Map.entry("new_password", 256), Map.entry("current_password", 256),
        Map.entry("code", 128),                                           // a recovery code or an operator's reset token
        Map.entry("reason", 200)), 1024, 1 << 20);

    public int maxChars(FieldDescriptor field) {
        return maxCharsByField.getOrDefault(field.getName(), defaultMaxChars);
    }

    /** The sentence for a request over {@link #maxBytes}; null when it is within. */
    public String tooLarge(Message request, String service) {
        int size = request.getSerializedSize();
        return size <= maxBytes ? null : "The request has " + size + " bytes; " + service + " accepts at most " + maxBytes
            + ".";
    }

    /** The first field of {@code request} that breaks a limit, as one sentence; null when none does. */
    public String firstViolation(Message request) {
        return check(request, "", 0);
    }

    private String check(Message message, String prefix, int depth) {
        if (depth > 16) {
            return "The request nests messages deeper than 16 levels.";
        }
        for (Map.Entry<FieldDescriptor, Object> e : message.getAllFields().entrySet()) {
            FieldDescriptor field = e.getKey();
            String path = prefix + field.getName();
            if (field.isRepeated()) {
                List<?> values = (List<?>) e.getValue();
                // numbers are bounded by the message size alone: a long game's repetition keys are legitimate
                boolean counted = field.getJavaType() == FieldDescriptor.JavaType.STRING
                    || field.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
                if (counted && values.size() > maxRepeated) {
                    return "The field '" + path + "' has " + values.size() + " elements; at most " + maxRepeated
                        + " are accepted.";
                }
                for (int i = 0; i < values.size(); i++) {
                    String problem = checkValue(field, values.get(i), path + "[" + i + "]", depth);
                    if (problem != null) {
                        return problem;
                    }
                }
            } else {
                String problem = checkValue(field, e.getValue(), path, depth);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private String checkValue(FieldDescriptor field, Object value, String path, int depth) {
        if (value instanceof String text) {
            return checkText(field, text, path);
        }
        if (value instanceof Message nested) {
            return check(nested, path + ".", depth + 1);
        }
        return null;
    }

    private String checkText(FieldDescriptor field, String text, String path) {
        int max = maxChars(field);
        if (text.length() > max) {
            return "The field '" + path + "' is longer than " + max + " characters (" + text.length() + ").";
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Sentences.isControl(c) && !(LINES.contains(field.getName()) && (c == '\n' || c == '\r' || c == '\t'))) {
                return "The field '" + path + "' contains a control character (U+" + String.format("%04X", (int) c)
                    + ") at position " + (i + 1) + "; text fields never do.";
            }
        }
        return null;
    }
}
