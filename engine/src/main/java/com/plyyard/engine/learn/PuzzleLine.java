package com.plyyard.engine.learn;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import java.util.Optional;

/** The walk through a stored puzzle's line that both verifiers share; each brings its own check of a solver move. */
final class PuzzleLine {
    private PuzzleLine() {
    }

    /** Whether a solver move is the puzzle's one right answer at {@code position}: empty when it is, else why not. */
    @FunctionalInterface
    interface SolverCheck {
        Optional<String> check(Position position, LegalMove move);
    }

    /**
     * The position and every move of the line legal and played by the right side, each solver move passing
     * {@code check}. Empty when it holds; else what does not, naming the move.
     */
    static Optional<String> verify(Puzzle puzzle, SolverCheck check) {
        Position p;
        try {
            p = puzzle.start();
        } catch (RuntimeException e) {
            return Optional.of("the position does not read: " + e.getMessage());
        }
        int solver = p.toMove();
        for (int i = 0; i < puzzle.line().size(); i++) {
            String named = "move " + (i + 1) + " (" + puzzle.line().get(i) + ")";
            if (p.isOver()) {
                return Optional.of("the game is over before " + named);
            }
            if ((p.toMove() == solver) != (i % 2 == 0)) {
                return Optional.of(named + " is played by the wrong side");
            }
            LegalMove move;
            try {
                move = p.parseMove(puzzle.line().get(i));
            } catch (RuntimeException e) {
                return Optional.of(named + " is not legal: " + e.getMessage());
            }
            if (i % 2 == 0) {
                Optional<String> wrong = check.check(p, move);
                if (wrong.isPresent()) {
                    return Optional.of(named + " " + wrong.get());
                }
            }
            p = p.play(move);
        }
        return Optional.empty();
    }
}
