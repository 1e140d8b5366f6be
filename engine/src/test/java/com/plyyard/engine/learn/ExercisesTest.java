package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every shipped exercise against the rules: its position parses under its variant, each step's task is solvable, the
 * moves its file lists are exactly those the rules accept, every accepted move (and only those) is judged correct, and
 * every branch a learner can take through a part of several steps stays solvable.
 */
class ExercisesTest {
    @Test
    void theIssuesCountsAreShipped() {
        List<Exercise> draughts = Exercises.of("draughts");
        assertTrue(draughts.size() >= 16, "draughts exercises: " + draughts.size());
        long comparisons = draughts.stream().filter(e -> variants(e).containsAll(Set.of("draughts:fmjd", "draughts:plyyard")))
            .count();
        assertTrue(comparisons >= 6, "draughts exercises comparing fmjd and plyyard: " + comparisons);
        List<Exercise> ploy = Exercises.of("ploy");
        assertTrue(ploy.size() >= 12, "Ploy exercises: " + ploy.size());
        assertTrue(ploy.stream().anyMatch(e -> variants(e).stream().anyMatch(v -> v.endsWith(":2p"))), "Ploy 2 players");
        assertTrue(ploy.stream().anyMatch(e -> variants(e).stream().anyMatch(v -> v.endsWith(":ffa"))), "Ploy free-for-all");
        assertTrue(ploy.stream().anyMatch(e -> variants(e).stream().anyMatch(v -> v.endsWith(":team"))), "Ploy teams");
        assertTrue(ploy.stream().anyMatch(e -> variants(e).stream().anyMatch(v -> v.contains(":imperium:"))), "imperium");
        assertTrue(Exercises.of("piracy").size() >= 12, "Piracy exercises: " + Exercises.of("piracy").size());
    }

    @TestFactory
    Stream<DynamicTest> everyExerciseAgreesWithTheRules() {
        return Exercises.all().stream().map(e -> DynamicTest.dynamicTest(e.id(), () -> check(e)));
    }

    private static Set<String> variants(Exercise e) {
        Set<String> set = new TreeSet<>();
        e.parts().forEach(p -> set.add(p.variant()));
        return set;
    }

    private static void check(Exercise exercise) {
        assertTrue(exercise.id().startsWith(exercise.game() + "-"), "ids start with the game: " + exercise.id());
        List<Set<String>> firstAnswers = new ArrayList<>();
        List<Set<String>> firstResults = new ArrayList<>();
        for (int p = 0; p < exercise.parts().size(); p++) {
            Exercise.Part part = exercise.parts().get(p);
            Position start = Judge.start(part);
            assertEquals(part.variant(), start.rules().id(), "the position is read under the part's variant");
            assertFalse(start.isOver(), "the part starts in a game under way");
            mainLine(exercise, p, firstAnswers, firstResults);
            branches(exercise, p, start, 0, new ArrayList<>());
        }
        if (exercise.comparesVariants()) {
            assertTrue(!firstAnswers.get(0).equals(firstAnswers.get(1)) || !firstResults.get(0).equals(firstResults.get(1)),
                exercise.id() + ": the rule sets must differ in what they accept or where it leads");
        }
    }

    /** Along the file's own line (each step's first solution): the listed moves are exactly the accepted ones. */
    private static void mainLine(Exercise exercise, int p, List<Set<String>> firstAnswers, List<Set<String>> firstResults) {
        Exercise.Part part = exercise.parts().get(p);
        Position position = Judge.start(part);
        List<String> played = new ArrayList<>();
        for (int s = 0; s < part.steps().size(); s++) {
            Exercise.Step step = part.steps().get(s);
            Set<String> accepted = new TreeSet<>();
            Set<String> results = new TreeSet<>();
            String wrong = null;
            for (LegalMove move : position.legalMoves()) {
                Position after = position.play(move);
                if (Judge.missed(position, move, after, step).isEmpty()) {
                    accepted.add(move.notation());
                    results.add(after.notation());
                } else if (wrong == null) {
                    wrong = move.notation();
                }
            }
            String where = exercise.id() + " part " + (p + 1) + " step " + (s + 1);
            assertEquals(new TreeSet<>(step.solutions()), accepted, where + ": the listed solutions are the accepted moves");
            if (s == 0) {
                firstAnswers.add(accepted);
                firstResults.add(results);
            }
            for (String solution : step.solutions()) {
                List<String> moves = new ArrayList<>(played);
                moves.add(solution);
                Verdict v = Judge.answer(exercise, p, moves);
                assertTrue(v.correct(), where + ": " + solution + " is judged correct");
                assertEquals(s == part.steps().size() - 1, v.solved(), where + ": solved only after the last step");
                assertEquals(s + 1, v.step());
            }
            if (wrong != null) {
                List<String> moves = new ArrayList<>(played);
                moves.add(wrong);
                Verdict v = Judge.answer(exercise, p, moves);
                assertFalse(v.correct(), where + ": " + wrong + " misses the task");
                assertFalse(v.sentence().isBlank(), where + ": a wrong answer gets a reason");
                assertEquals(s, v.step(), where + ": a wrong answer can be retried");
                assertEquals(position.notation(), v.position());
            }
            String first = step.solutions().get(0);
            played.add(first);
            position = Judge.withReply(position.play(first), step);
        }
    }

    /** Every correct move at every step leads on to a solvable next step whose reply is legal. */
    private static void branches(Exercise exercise, int p, Position position, int s, List<String> played) {
        Exercise.Part part = exercise.parts().get(p);
        if (s == part.steps().size()) {
            return;
        }
        Exercise.Step step = part.steps().get(s);
        int accepted = 0;
        for (LegalMove move : position.legalMoves()) {
            Position after = position.play(move);
            if (Judge.missed(position, move, after, step).isPresent()) {
                continue;
            }
            accepted++;
            if (s + 1 < part.steps().size()) {
                assertFalse(after.isOver() && !step.reply().isEmpty(), exercise.id() + ": a reply after the game ended");
                List<String> next = new ArrayList<>(played);
                next.add(move.notation());
                branches(exercise, p, Judge.withReply(after, step), s + 1, next);
            }
        }
        assertNotEquals(0, accepted, exercise.id() + " part " + (p + 1) + " after " + played + ": the task is solvable");
    }
}
