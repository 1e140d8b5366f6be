package com.plyyard.client.cli;

import com.plyyard.client.render.BoardRenderer;
import com.plyyard.client.render.MoveList;
import com.plyyard.client.render.Style;
import com.plyyard.engine.LegalMove;
import com.plyyard.mapping.ProtoMapper;
import com.plyyard.proto.v1.GameState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
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

    /**
     * The next move typed for {@code position}: like {@link #next}, but the words that look at the board are answered here
     * and asked again, never taken for a (wrong) move — {@code help} (or {@code ?}) lists them with {@code ownWords}
     * (the caller's, such as {@code skip}), {@code moves} the legal moves grouped by starting point, {@code board} the
     * board again, {@code legend} what its signs mean (for a game that has one).
     */
    public Optional<String> nextMove(String prompt, String farewell, GameState position, Style style, String ownWords)
        throws IOException {
        while (true) {
            Optional<String> typed = next(prompt, farewell);
            if (typed.isEmpty()) {
                return typed;
            }
            String legend = BoardRenderer.legend(position, style);
            switch (typed.get().toLowerCase(Locale.ROOT)) {
                case "help", "?" -> out.println("a move in the game's notation, or: moves, board, " + (legend.isEmpty() ? ""
                    : "legend, ") + (ownWords.isEmpty() ? "" : ownWords + ", ") + "quit");
                case "moves" -> out.print(MoveList.grouped(ProtoMapper.standard().position(position).legalMoves().stream()
                    .map(LegalMove::notation).toList(), style));
                case "board" -> out.print(BoardRenderer.render(position, style));
                case "legend" -> out.print(legend.isEmpty() ? "the board needs no legend; 'moves' lists the legal moves"
                    + System.lineSeparator() : legend);
                default -> {
                    return typed;
                }
            }
            out.flush();
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
