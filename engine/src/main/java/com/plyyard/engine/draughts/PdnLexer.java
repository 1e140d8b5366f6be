package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Splits PDN text into tag pairs and move tokens, skipping comments, variations and NAGs. */
final class PdnLexer {
    private final String text;
    private int pos;

    PdnLexer(String text) {
        this.text = text == null ? "" : text;
    }

    boolean hasMore() {
        skipSpaceAndComments();
        return pos < text.length();
    }

    /** Reads the tag section ({@code [Name "value"]} pairs) at the current position. */
    Map<String, String> tags() {
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
                throw new InvalidInputException("Malformed PDN tag [" + body + "]; expected [Name \"value\"].");
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
        throw new InvalidInputException("Unterminated PDN tag starting at character " + start + ".");
    }

    /**
     * Reads the move text up to the game's result token (returned), the next tag section, or the end
     * (null returned). Move numbers are dropped; annotations stay on the move tokens.
     */
    String moves(List<String> out) {
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
                throw new InvalidInputException("Unexpected '" + c + "' in PDN move text at character " + pos + ".");
            }
            if (isResult(token)) {
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

    private static boolean isResult(String token) {
        return switch (token) {
            case "2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*" -> true;
            default -> false;
        };
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
        throw new InvalidInputException("Unterminated variation '(' in PDN move text.");
    }

    private void skipBraceComment() {
        int close = text.indexOf('}', pos);
        if (close < 0) {
            throw new InvalidInputException("Unterminated comment '{' in PDN text.");
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
}
