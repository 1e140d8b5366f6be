package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A puzzle's moves judged against its stored line: the stored move right, every other legal move wrong, and why. */
class PuzzleJudgeTest {
    /** A shipped Piracy puzzle of three solver moves (two replies). */
    private static Puzzle longest() {
        return Puzzles.of("piracy").stream().filter(p -> p.solverMoves() == 3).findFirst().orElseThrow();
    }

    @Test
    void theStartAsksForTheMove() {
        Puzzle p = longest();
        PuzzleJudge.Verdict v = PuzzleJudge.judge(p, List.of());
        assertEquals(p.start().notation(), v.position().notation());
        assertEquals(0, v.step());
        assertFalse(v.correct() || v.legal());
        assertEquals("Find the move that " + PuzzleJudge.aim(p.goal()) + ".", v.sentence());
    }

    @Test
    void theLineIsRightStepByStepWithItsReplies() {
        Puzzle p = longest();
        Position expected = p.start();
        for (int step = 0; step < p.solverMoves(); step++) {
            List<String> moves = new java.util.ArrayList<>();
            for (int i = 0; i <= step; i++) {
                moves.add(p.line().get(2 * i));
            }
            PuzzleJudge.Verdict v = PuzzleJudge.judge(p, moves);
            assertTrue(v.correct() && v.legal(), v.sentence());
            assertEquals(step + 1, v.step());
            assertEquals(p.line().get(2 * step), v.expected());
            expected = expected.play(p.line().get(2 * step));
            boolean last = step == p.solverMoves() - 1;
            assertEquals(last, v.solved());
            if (!last) {
                assertEquals(p.line().get(2 * step + 1), v.reply());
                expected = expected.play(v.reply());
                assertEquals(p.line().get(2 * step) + " is right. " + v.reply() + " is the reply; find the next move.",
                    v.sentence());
            } else {
                assertEquals(p.line().get(2 * step) + " is right. Solved.", v.sentence());
            }
            assertEquals(expected.notation(), v.position().notation());
        }
    }

    @Test
    void everyOtherLegalMoveGivesTheResultAway() {
        Puzzle p = longest();
        Position start = p.start();
        String right = p.line().get(0);
        int others = 0;
        for (LegalMove m : start.legalMoves()) {
            if (m.notation().equals(right)) {
                continue;
            }
            others++;
            PuzzleJudge.Verdict v = PuzzleJudge.judge(p, List.of(m.notation()));
            assertFalse(v.correct(), m.notation());
            assertTrue(v.legal());
            assertEquals(0, v.step());
            assertEquals(start.notation(), v.position().notation(), "a wrong move leaves the position as it was");
            assertEquals(right, v.expected());
            String lost = switch (p.goal()) {
                case WIN -> "it lets the win go";
                case DRAW -> "it loses";
                case ADVANTAGE -> "it gives the advantage away";
            };
            assertEquals(m.notation() + " is legal, but " + lost + ": only one move " + PuzzleJudge.aim(p.goal())
                + " here.", v.sentence());
        }
        assertTrue(others > 0, "a puzzle has a wrong move to make");
    }

    @Test
    void anIllegalMoveGetsTheRulesSentence() {
        Puzzle p = longest();
        PuzzleJudge.Verdict v = PuzzleJudge.judge(p, List.of("Q"));
        assertFalse(v.correct() || v.legal());
        String rules;
        try {
            p.start().parseMove("Q");
            throw new AssertionError("Q is no Piracy move");
        } catch (RuntimeException e) {
            rules = e.getMessage();
        }
        assertEquals(rules, v.sentence());
    }

    @Test
    void movesThatDoNotFitAreRefused() {
        Puzzle p = longest();
        assertEquals("This puzzle takes 3 moves of yours, not 4.", assertThrows(InvalidInputException.class,
            () -> PuzzleJudge.judge(p, List.of("R", "R", "R", "R"))).getMessage());
        String wrong = p.start().legalMoves().stream().map(LegalMove::notation).filter(m -> !m.equals(p.line().get(0)))
            .findFirst().orElseThrow();
        assertEquals("Your move 1, '" + wrong + "', was not a right answer; send only the moves judged right, then the"
            + " new one.", assertThrows(InvalidInputException.class,
                () -> PuzzleJudge.judge(p, List.of(wrong, p.line().get(2)))).getMessage());
    }
}
