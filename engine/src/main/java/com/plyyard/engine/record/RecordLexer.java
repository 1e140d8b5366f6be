package com.plyyard.engine.record;

import com.plyyard.engine.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Splits game-record text in the PGN/PDN style into tag pairs and move tokens, skipping {@code {comments}},
 * {@code ;} line comments, {@code (variations)} and {@code $n} NAGs. Shared by the records of every game;
 * each game says which tokens are results.
 */
public final class RecordLexer {
    private final String text;
    private final Predicate<String> isResult;
    private int pos;

    public RecordLexer(String text, Predicate<String> isResult) {
        this.text = text == null ? "" : text;
        this.isResult = isResult;
    }

    public boolean hasMore() {
        skipSpaceAndComments();
        return pos < text.length();
    }

    /** Reads the tag section ({@code [Name "value"]} pairs) at the current position. */
    public Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length() || text.charAt(pos) != '[') {
                return tags;
            }
            int close = findTagEnd(pos);
            String body = text.substring(pos + 1, close).strip();
            pos = close + 1;
            int space = body.indexOf(' ');
            int quote = body.indexOf('"');
            if (space <= 0 || quote < 0 || !body.endsWith("\"") || quote == body.length() - 1) {
                throw new InvalidInputException("Malformed tag [" + body + "]; expected [Name \"value\"].");
            }
            String name = body.substring(0, space).strip();
            String value = body.substring(quote + 1, body.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
            tags.put(name, value);
        }
    }

    private int findTagEnd(int start) {
        boolean inQuotes = false;
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && inQuotes) {
                i++;
            } else if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == ']' && !inQuotes) {
                return i;
            }
        }
        throw new InvalidInputException("Unterminated tag starting at character " + start + ".");
    }

    /**
     * Reads the move text up to the game's result token (returned), the next tag section, or the end
     * (null returned). Move numbers are dropped; annotations stay on the move tokens.
     */
    public String moves(List<String> out) {
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length() || text.charAt(pos) == '[') {
                return null;
            }
            char c = text.charAt(pos);
            if (c == '(') {
                skipVariation();
                continue;
            }
            int start = pos;
            while (pos < text.length() && !Character.isWhitespace(text.charAt(pos)) && "{}();[".indexOf(text.charAt(pos)) < 0) {
                pos++;
            }
            String token = text.substring(start, pos);
            if (token.isEmpty()) {
                throw new InvalidInputException("Unexpected '" + c + "' in the move text at character " + pos + ".");
            }
            if (isResult.test(token)) {
                return token;
            }
            if (token.startsWith("$")) {
                continue; // NAG
            }
            String move = token.replaceFirst("^\\d+\\.(\\.\\.)?", "");
            if (move.isEmpty()) {
                continue; // a move number on its own
            }
            if (move.matches("\\.+")) {
                continue;
            }
            out.add(move);
        }
    }

    private void skipVariation() {
        int depth = 0;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '{') {
                skipBraceComment();
                continue;
            }
            pos++;
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
                if (depth == 0) {
                    return;
                }
            }
        }
        throw new InvalidInputException("Unterminated variation '(' in the move text.");
    }

    private void skipBraceComment() {
        int close = text.indexOf('}', pos);
        if (close < 0) {
            throw new InvalidInputException("Unterminated comment '{' in the record.");
        }
        pos = close + 1;
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '{') {
                skipBraceComment();
            } else if (c == ';' || (c == '%' && (pos == 0 || text.charAt(pos - 1) == '\n'))) {
                int nl = text.indexOf('\n', pos);
                pos = nl < 0 ? text.length() : nl + 1;
            } else {
                return;
            }
        }
    }

    /** Writes tag pairs, one per line, escaping quotes and backslashes. */
    public static void writeTags(StringBuilder sb, Map<String, String> tags) {
        for (Map.Entry<String, String> e : tags.entrySet()) {
            sb.append('[').append(e.getKey()).append(" \"")
                .append(e.getValue().replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
        }
    }

    /** Joins move-text tokens into lines of at most 79 characters. */
    public static String wrap(List<String> tokens) {
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String token : tokens) {
            if (line.length() > 0 && line.length() + 1 + token.length() > 79) {
                sb.append(line).append('\n');
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(token);
        }
        return sb.append(line).append('\n').toString();
    }
}
