package com.plyyard.lobby.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No SQL is built from strings that could carry input: the text of every query the lobby sends (JPA, Panache, JDBC) is
 * made of string literals and constants only; values go in as parameters. The scan reads the sources, so a query that
 * concatenates a variable fails here with its file and line.
 */
class SqlFromStringsTest {
    /** Calls whose first argument is always query text. */
    private static final Pattern QUERY_CALL = Pattern.compile(
        "\\b(createQuery|createNativeQuery|prepareStatement|prepareCall|executeQuery|executeUpdate)\\(");
    /**
     * Calls whose first argument is query text when it is a string: Panache's, and JDBC's {@code Statement.execute} and
     * {@code addBatch} (executors have an {@code execute} too).
     */
    private static final Pattern STRING_CALL = Pattern.compile(
        "\\b(find|list|stream|count|update|delete|exists|execute|addBatch)\\(");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern CONSTANT = Pattern.compile("([A-Z][A-Za-z0-9]*\\.)*[A-Z][A-Z0-9_]*");

    @Test
    void everyQueryTextIsMadeOfLiteralsAndConstants() throws IOException {
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                problems.addAll(scan(f.toString(), Files.readString(f)));
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void theScanCatchesAConcatenatedVariable() {
        String bad = """
            class Bad {
                List<X> byName(String name) {
                    return em.createQuery("select p from Player p where p.name = '" + name + "'").getResultList();
                }
                List<X> viaLocal(String name) {
                    String q = "name = '" + name + "'";
                    return find(q).list();
                }
                void fine(boolean open) {
                    em.createQuery("select s from S s where " + WHERE + (open ? " and s.open" : "") + " order by s.id");
                    String q = "id = ?1";
                    find(q, 1);
                    workers.execute(out, () -> { });
                }
            }
            """;
        List<String> problems = scan("Bad.java", bad);
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("Bad.java:3"), problems.get(0));
        assertTrue(problems.get(1).startsWith("Bad.java:7"), problems.get(1));
    }

    static List<String> scan(String file, String source) {
        List<String> problems = new ArrayList<>();
        check(file, source, QUERY_CALL, false, problems);
        check(file, source, STRING_CALL, true, problems);
        return problems;
    }

    private static void check(String file, String source, Pattern call, boolean onlyStrings, List<String> problems) {
        Matcher m = call.matcher(source);
        while (m.find()) {
            String arg = firstArgument(source, m.end());
            if (arg == null || arg.isBlank() || arg.startsWith("(") && arg.contains("->") || arg.contains("->")) {
                continue; // a lambda or nothing: not query text
            }
            String text = arg;
            if (IDENTIFIER.matcher(arg).matches() && !CONSTANT.matcher(arg).matches()) {
                String declared = localString(source, arg, m.start());
                if (declared == null) {
                    if (onlyStrings) {
                        continue; // not a String: another method of the same name
                    }
                    problems.add(where(file, source, m.start()) + " builds query text from '" + arg + "'");
                    continue;
                }
                text = declared;
            } else if (onlyStrings && !arg.startsWith("\"")) {
                continue;
            }
            String unsafe = unsafeOperand(text);
            if (unsafe != null) {
                problems.add(where(file, source, m.start()) + " builds query text from '" + unsafe + "'");
            }
        }
    }

    /** The first identifier of {@code expression} that is neither a constant nor a ternary's condition. */
    private static String unsafeOperand(String expression) {
        String e = STRING_LITERAL.matcher(expression).replaceAll("\"\"");
        // a ternary's condition chooses between literals; it is not part of the text
        e = e.replaceAll("\\(([^()?]*)\\?", "(?");
        Matcher id = IDENTIFIER.matcher(e);
        while (id.find()) {
            String name = id.group();
            if (!CONSTANT.matcher(name).matches() && !name.equals("null")) {
                return name;
            }
        }
        return null;
    }

    /** The initialiser of {@code String name = …;} declared before {@code before}, or null. */
    private static String localString(String source, String name, int before) {
        Matcher d = Pattern.compile("\\bString\\s+" + Pattern.quote(name) + "\\s*=\\s*([^;]*);").matcher(source);
        String found = null;
        while (d.find() && d.start() < before) {
            found = d.group(1);
        }
        return found;
    }

    private static String firstArgument(String source, int from) {
        int depth = 0;
        boolean inString = false;
        for (int i = from; i < source.length(); i++) {
            char c = source.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '(' || c == '{' || c == '[') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']') {
                if (depth == 0) {
                    return source.substring(from, i).strip();
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                return source.substring(from, i).strip();
            }
        }
        return null;
    }

    private static String where(String file, String source, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (source.charAt(i) == '\n') {
                line++;
            }
        }
        return file + ":" + line;
    }
}
