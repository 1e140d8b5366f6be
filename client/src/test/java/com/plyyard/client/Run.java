package com.plyyard.client;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/** One in-process run of the command line: exit code, stdout lines, stderr lines. */
record Run(int exitCode, List<String> out, List<String> err) {
    static Run of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PlyYard.commandLine()
            .setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true))
            .execute(args);
        return new Run(code, lines(out.toString()), lines(err.toString()));
    }

    private static List<String> lines(String s) {
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\\R", -1)).subList(0, s.split("\\R", -1).length - (s.endsWith("\n") ? 1 : 0));
    }
}
