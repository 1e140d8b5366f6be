package com.plyyard.engine.learn;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import java.util.List;

/**
 * Judges a solver's move in a puzzle against its stored line, statelessly: the caller sends the right answers so far
 * and the new move. Every solver move of a shipped line was verified the only one keeping the result, so the stored
 * move is the right answer; a move written otherwise that reaches the same position is the same answer (the sentence
 * says so); any other legal move gives the result away; an illegal one gets the rules' own sentence.
 */
public final class PuzzleJudge {
    private PuzzleJudge() {
    }

    /**
     * The judgement of one move.
     *
     * @param correct  the move keeps the puzzle's result
     * @param solved   the line's last solver move answered rightly
     * @param sentence why it is right or wrong
     * @param reply    the opponent's reply after a right move (canonical notation); empty when none
     * @param position after the move and the reply when right; before it when wrong
     * @param step     solver moves answered rightly: the step to answer next
     * @param expected the stored move of the step judged; empty when nothing was judged (the start)
     * @param legal    the move judged is legal (false for the start)
     */
    public record Verdict(boolean correct, boolean solved, String sentence, String reply, Position position, int step,
                          String expected, boolean legal) {
    }

    /**
     * Judges the last of {@code moves}; with none, the puzzle's start.
     *
     * @throws InvalidInputException if the puzzle's position or line does not read, there are more moves than the line
     *                               has solver moves, or an earlier move was not a right answer
     */
    public static Verdict judge(Puzzle puzzle, List<String> moves) {
        Position position = puzzle.start();
        if (moves.size() > puzzle.solverMoves()) {
            throw new InvalidInputException("This puzzle takes " + puzzle.solverMoves() + " move"
                + (puzzle.solverMoves() == 1 ? "" : "s") + " of yours, not " + moves.size() + ".");
        }
        if (moves.isEmpty()) {
            return new Verdict(false, false, "Find the move that " + aim(puzzle.goal()) + ".", "", position, 0, "",
                false);
        }
        for (int step = 0; step < moves.size() - 1; step++) {
            Answer earlier = answer(puzzle, position, step, moves.get(step));
            if (!earlier.right) {
                throw new InvalidInputException("Your move " + (step + 1) + ", '" + moves.get(step) + "', was not a right"
                    + " answer; send only the moves judged right, then the new one.");
            }
            position = withReply(puzzle, earlier.after, step);
        }
        int step = moves.size() - 1;
        Answer answer = answer(puzzle, position, step, moves.get(step));
        String expected = stored(puzzle, step);
        if (!answer.right) {
            return new Verdict(false, false, answer.sentence, "", position, step, expected, answer.legal);
        }
        boolean solved = step == puzzle.solverMoves() - 1;
        String reply = solved ? "" : puzzle.line().get(2 * step + 1);
        Position next = withReply(puzzle, answer.after, step);
        String sentence = answer.sentence + (solved ? " Solved." : " " + reply + " is the reply; find the next move.");
        return new Verdict(true, solved, sentence, reply, next, step + 1, expected, true);
    }

    /** What the solver is after, for "Find the move that …". */
    public static String aim(Puzzle.Goal goal) {
        return switch (goal) {
            case WIN -> "wins";
            case DRAW -> "holds the draw";
            case ADVANTAGE -> "keeps a clear advantage";
        };
    }

    private record Answer(boolean legal, boolean right, Position after, String sentence) {
    }

    private static Answer answer(Puzzle puzzle, Position position, int step, String text) {
        LegalMove move;
        try {
            move = position.parseMove(text);
        } catch (IllegalMoveException | InvalidInputException e) {
            return new Answer(false, false, null, e.getMessage());
        }
        String expected = stored(puzzle, step);
        LegalMove right = position.parseMove(expected);
        Position after = position.play(move);
        if (move.equals(right)) {
            return new Answer(true, true, after, move.notation() + " is right.");
        }
        if (after.notation().equals(position.play(right).notation())) {
            return new Answer(true, true, after, move.notation() + " is right: it reaches the same position as " + expected
                + ", the stored solution.");
        }
        return new Answer(true, false, null, move.notation() + " is legal, but " + lost(puzzle.goal()) + ": only one move "
            + aim(puzzle.goal()) + " here.");
    }

    private static String lost(Puzzle.Goal goal) {
        return switch (goal) {
            case WIN -> "it lets the win go";
            case DRAW -> "it loses";
            case ADVANTAGE -> "it gives the advantage away";
        };
    }

    private static String stored(Puzzle puzzle, int step) {
        return puzzle.line().get(2 * step);
    }

    private static Position withReply(Puzzle puzzle, Position after, int step) {
        int reply = 2 * step + 1;
        return reply < puzzle.line().size() ? after.play(puzzle.line().get(reply)) : after;
    }
}
