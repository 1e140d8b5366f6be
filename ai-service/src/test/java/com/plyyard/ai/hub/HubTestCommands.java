package com.plyyard.ai.hub;

import java.nio.file.Path;

/** Command lines that start a test class as a process, on this test run's own class path. */
final class HubTestCommands {
    private HubTestCommands() {
    }

    static String javaMain(Class<?> main, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StringBuilder sb = new StringBuilder(quoted(java)).append(" -Xmx128m -cp ")
            .append(quoted(System.getProperty("java.class.path"))).append(' ').append(main.getName());
        for (String a : args) {
            sb.append(' ').append(quoted(a));
        }
        return sb.toString();
    }

    private static String quoted(String s) {
        return "\"" + s + "\"";
    }
}
