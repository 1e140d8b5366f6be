package com.plyyard.client;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code moves}: every legal move in canonical notation, one per line, in legal-move order. */
@Command(name = "moves", mixinStandardHelpOptions = true,
    description = "Prints every legal move in canonical notation, one per line (nothing when the game is over).")
public class MovesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameArgs game;

    @Override
    public Integer call() {
        Position position = game.position(game.rules());
        PrintWriter out = spec.commandLine().getOut();
        for (LegalMove m : position.legalMoves()) {
            out.println(m.notation());
        }
        out.flush();
        return 0;
    }
}
