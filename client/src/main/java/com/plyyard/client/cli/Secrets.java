package com.plyyard.client.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Passwords and recovery codes typed by the player: on a terminal without echo ({@link Console#readPassword}), otherwise
 * one per line from standard input, with no prompt, so that a script can sign in ({@code printf '%s\n' "$PW" |
 * ./plyyard login --name ana}). One reader per command: lines are read in order from one buffer.
 */
public final class Secrets {
    private final Console console;
    private final InputStream in;
    private BufferedReader lines;

    private Secrets(Console console, InputStream in) {
        this.console = console;
        this.in = in;
    }

    /** The terminal when there is one and {@code in} is the standard input; otherwise the lines of {@code in}. */
    public static Secrets of(InputStream in) {
        return new Secrets(in == System.in ? System.console() : null, in);
    }

    /** One secret: {@code prompt} on a terminal (nothing otherwise); {@code what} names it when the input has ended. */
    public String read(String prompt, String what) {
        if (console != null) {
            char[] typed = console.readPassword("%s", prompt);
            if (typed == null) {
                throw CliException.badInput("No " + what + " was typed.");
            }
            try {
                return new String(typed);
            } finally {
                Arrays.fill(typed, '\0');
            }
        }
        try {
            if (lines == null) {
                lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
            String line = lines.readLine();
            if (line == null) {
                throw CliException.badInput("No " + what + " on standard input (give it on a line of its own).");
            }
            return line;
        } catch (IOException e) {
            throw new CliException(CliException.FAILED, "Cannot read the " + what + ": " + e.getMessage());
        }
    }

    /** A new password, typed twice (the second time to catch a typing mistake that no echo shows); both must agree. */
    public String newPassword(String prompt) {
        String first = read(prompt, "new password");
        String again = read("the same password again: ", "new password (the second time)");
        if (!first.equals(again)) {
            throw CliException.badInput("The two passwords differ; nothing was changed.");
        }
        return first;
    }
}
