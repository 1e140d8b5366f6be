package com.plyyard.client.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The terminal's side of an interactive board (`./plyyard learn`, `./plyyard puzzle`): asks, skips blank lines, and
 * tells a player's "quit" (or the end of the input, as when a script runs out) from a move.
 */
public final class MovePrompt {
    private final BufferedReader reader;
    private final PrintWriter out;

    public MovePrompt(InputStream in, PrintWriter out) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
    }

    /**
     * The next non-blank answer to {@code prompt}, stripped; empty when the player quits, after the line
     * {@code farewell} (none when null).
     */
    public Optional<String> next(String prompt, String farewell) throws IOException {
        while (true) {
            out.print(prompt);
            out.flush();
            String line = reader.readLine();
            if (line == null || line.strip().equals("quit")) {
                out.println();
                if (farewell != null) {
                    out.println(farewell);
                }
                out.flush();
                return Optional.empty();
            }
            if (!line.isBlank()) {
                return Optional.of(line.strip());
            }
        }
    }

    /** Asks {@code question}; true when the player goes on (enter or anything else), false on quit. */
    public boolean goOn(String question) throws IOException {
        out.print(question);
        out.flush();
        String line = reader.readLine();
        if (line == null || line.strip().equals("quit")) {
            out.println();
            out.flush();
            return false;
        }
        return true;
    }
}
