package com.plyyard.engine.learn;

import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.Position;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Optional;

/**
 * Judges a learner's answers by the rules: a move is right when it is legal and has every condition of its step, so
 * every move the rules allow for the task is accepted, and a wrong one is answered with the rule that forbids it (the
 * rules' own sentence for an illegal move) or the condition it misses. Stateless: the caller passes the moves of the
 * part answered so far, which are replayed each time.
 */
public final class Judge {
    private Judge() {
    }

    /**
     * The position a part starts from.
     *
     * @throws InvalidInputException if the part's variant or position is not valid (a broken exercise file)
     */
    public static Position start(Exercise.Part part) {
        return Variants.get(part.variant(), part.options()).parse(part.position());
    }

    /**
     * Judges the last of {@code moves}, the learner's answer to step {@code moves.size() - 1} of the part; the moves
     * before it must be the learner's correct answers to the steps before (each followed by its step's reply).
     *
     * @throws InvalidInputException if the part does not exist, there are no moves or more than the part's steps, or an
     *                               earlier move was not a correct answer
     */
    public static Verdict answer(Exercise exercise, int partIndex, List<String> moves) {
        if (partIndex < 0 || partIndex >= exercise.parts().size()) {
            throw new InvalidInputException("Exercise " + exercise.id() + " has " + parts(exercise.parts().size())
                + "; there is no part " + (partIndex + 1) + ".");
        }
        Exercise.Part part = exercise.parts().get(partIndex);
        if (moves.isEmpty()) {
            throw new InvalidInputException("No move to judge: send the move you play.");
        }
        if (moves.size() > part.steps().size()) {
            throw new InvalidInputException("This part has " + steps(part.steps().size()) + ", so it takes at most "
                + part.steps().size() + " moves, not " + moves.size() + ".");
        }
        Position position = start(part);
        for (int i = 0; i < moves.size() - 1; i++) {
            Exercise.Step step = part.steps().get(i);
            Attempt earlier = attempt(position, step, moves.get(i));
            if (earlier.after == null || earlier.missed.isPresent()) {
                throw new InvalidInputException("Your move " + (i + 1) + ", '" + moves.get(i) + "', was not a correct"
                    + " answer; send only the moves judged correct, then the new one.");
            }
            position = withReply(earlier.after, step);
        }
        int index = moves.size() - 1;
        Exercise.Step step = part.steps().get(index);
        Attempt attempt = attempt(position, step, moves.get(index));
        if (attempt.after == null) {
            return new Verdict(false, false, attempt.sentence, "", position.notation(), index);
        }
        if (attempt.missed.isPresent()) {
            String sentence = step.why().isEmpty() ? attempt.missed.get().unmet() : step.why();
            return new Verdict(false, false, sentence, "", position.notation(), index);
        }
        Position next = withReply(attempt.after, step);
        boolean solved = index == part.steps().size() - 1;
        String sentence = !step.right().isEmpty() ? step.right() : solved ? "Correct: solved." : "Correct.";
        String reply = step.reply().isEmpty() ? "" : attempt.after.parseMove(step.reply()).notation();
        return new Verdict(true, solved, sentence, reply, next.notation(), index + 1);
    }

    /** Whether the legal {@code move} from {@code before} meets every condition of {@code step}; the first it misses. */
    public static Optional<MoveCondition> missed(Position before, LegalMove move, Position after, Exercise.Step step) {
        for (String spec : step.conditions()) {
            MoveCondition condition = Conditions.parse(before.rules().module(), spec);
            if (!condition.holds(before, move, after)) {
                return Optional.of(condition);
            }
        }
        return Optional.empty();
    }

    /** The position after a correct move and the step's reply, if it has one. */
    static Position withReply(Position after, Exercise.Step step) {
        return step.reply().isEmpty() ? after : after.play(step.reply());
    }

    /** One move tried: the position after it (null when it could not be played) and what it missed. */
    private record Attempt(Position after, String sentence, Optional<MoveCondition> missed) {
    }

    private static Attempt attempt(Position position, Exercise.Step step, String text) {
        LegalMove move;
        try {
            move = position.parseMove(text);
        } catch (IllegalMoveException | InvalidInputException e) {
            return new Attempt(null, e.getMessage(), Optional.empty());
        }
        Position after = position.play(move);
        return new Attempt(after, "", missed(position, move, after, step));
    }

    private static String parts(int n) {
        return n == 1 ? "1 part" : n + " parts";
    }

    private static String steps(int n) {
        return n == 1 ? "1 step" : n + " steps";
    }
}
