package com.plyyard.client;

import com.plyyard.client.cli.CliException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Outcome;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apply}: plays moves and prints exactly two lines, {@code position=<canonical position>} and one of
 * <pre>
 * status=ongoing to_move=&lt;colour&gt; ply=&lt;n&gt;
 * status=win winner=&lt;colour&gt; reason=&lt;reason&gt; ply=&lt;n&gt;
 * status=draw reason=&lt;reason&gt; ply=&lt;n&gt;
 * </pre>
 */
@Command(name = "apply", mixinStandardHelpOptions = true,
    description = "Plays moves from a position and prints the resulting position and status.")
public class ApplyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameArgs game;

    @Option(names = "--moves", paramLabel = "MOVES", defaultValue = "",
        description = "Moves to play, separated by spaces and/or commas, e.g. \"32-28 19-23\".")
    String moves;

    @Override
    public Integer call() {
        VariantRules rules = game.rules();
        Position position = game.position(rules);
        List<String> tokens = List.of(moves.strip().split("[\\s,]+"));
        int number = 0;
        for (String token : tokens) {
            if (token.isEmpty()) {
                continue;
            }
            number++;
            try {
                position = position.play(token);
            } catch (InvalidInputException | IllegalMoveException e) {
                throw CliException.badInput("move " + number + " (" + token + "): " + e.getMessage());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("position=" + position.notation());
        out.println(statusLine(position));
        out.flush();
        return 0;
    }

    static String statusLine(Position position) {
        List<String> colours = position.rules().seatColours();
        if (position.outcome().isEmpty()) {
            return "status=ongoing to_move=" + colours.get(position.toMove()) + " ply=" + position.ply();
        }
        Outcome o = position.outcome().get();
        if (o.draw()) {
            return "status=draw reason=" + o.reason().label() + " ply=" + position.ply();
        }
        String winners = o.winners().stream().map(colours::get).collect(Collectors.joining(","));
        return "status=win winner=" + winners + " reason=" + o.reason().label() + " ply=" + position.ply();
    }
}
