package com.plyyard.webcodegen;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A generated _pb.js file taken apart with regular expressions, so tests can check it against the descriptor. */
final class GeneratedJs {

    /** One {@code export const name = /*@__PURE__*\/ fn(args);}. */
    record Export(String name, String function, List<String> args) {
    }

    private static final Pattern IMPORT = Pattern.compile("^import \\{ ([^}]*) } from \"([^\"]+)\";$", Pattern.MULTILINE);
    private static final Pattern EXPORT = Pattern.compile(
            "^export const (\\S+) = /\\*@__PURE__\\*/ (\\w+)\\((.*)\\);$", Pattern.MULTILINE);
    private static final Pattern FILE_DESC = Pattern.compile("^\"([A-Za-z0-9+/]*)\"(?:, \\[([^\\]]*)])?$");

    /** local name -> module it is imported from */
    final Map<String, String> importedFrom = new LinkedHashMap<>();
    final List<Export> exports = new ArrayList<>();
    final String base64;
    final List<String> fileDescImports = new ArrayList<>();

    GeneratedJs(String source) {
        Matcher i = IMPORT.matcher(source);
        while (i.find()) {
            for (String name : i.group(1).split(", ")) {
                String[] parts = name.split(" as ");
                importedFrom.put(parts[parts.length - 1], i.group(2));
            }
        }
        Matcher e = EXPORT.matcher(source);
        String b64 = null;
        while (e.find()) {
            if (e.group(2).equals("fileDesc")) {
                Matcher f = FILE_DESC.matcher(e.group(3));
                assertTrue(f.matches(), "fileDesc arguments: " + e.group(3));
                b64 = f.group(1);
                if (f.group(2) != null) {
                    fileDescImports.addAll(List.of(f.group(2).split(", ")));
                }
            }
            exports.add(new Export(e.group(1), e.group(2), List.of(e.group(3).split(", "))));
        }
        assertTrue(b64 != null, "no fileDesc export");
        this.base64 = b64;
    }
}
