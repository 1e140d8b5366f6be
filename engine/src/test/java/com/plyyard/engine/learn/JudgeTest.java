package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The judge's answers, right and wrong, and the requests it refuses. */
class JudgeTest {
    private static final Exercise TWO_STEPS = ExerciseFile.parse("draughts", "test", """
        lesson: Test
        exercise: draughts-two-steps
        title: Two steps
        text: White takes, Black takes back, White takes again.
        variant: draughts:fmjd
        position: W:W31,32,36:B1,16,27
        task: legal
        solutions: 32x21
        reply: 16x27
        task: captures=1
        why: Take back.
        solutions: 31x22
        """).get(0);

    @Test
    void aCorrectMoveIsAnsweredWithTheReplyAndTheNextStep() {
        Verdict v = Judge.answer(TWO_STEPS, 0, List.of("32x21"));
        assertTrue(v.correct());
        assertFalse(v.solved());
        assertEquals("16x27", v.reply());
        assertEquals(1, v.step());
        assertEquals("W:W31,36:B1,27", v.position());
        Verdict last = Judge.answer(TWO_STEPS, 0, List.of("32x21", "31x22"));
        assertTrue(last.correct());
        assertTrue(last.solved());
        assertEquals("Correct: solved.", last.sentence());
        assertEquals("", last.reply());
    }

    @Test
    void anIllegalMoveGetsTheRulesOwnSentenceAndCanBeRetried() {
        Verdict v = Judge.answer(TWO_STEPS, 0, List.of("31-26"));
        assertFalse(v.correct());
        assertEquals(0, v.step());
        assertEquals("W:W31,32,36:B1,16,27", v.position());
        assertTrue(v.sentence().contains("capture"), v.sentence());
        Verdict garbage = Judge.answer(TWO_STEPS, 0, List.of("hello"));
        assertFalse(garbage.correct());
        assertFalse(garbage.sentence().isBlank());
    }

    @Test
    void aLegalMoveMissingTheTaskGetsTheStepsReason() {
        Exercise promote = Exercises.get("draughts-promote").orElseThrow();
        Verdict v = Judge.answer(promote, 0, List.of("33-28"));
        assertFalse(v.correct());
        assertEquals("This move is legal but the man does not end on the far row, so it does not become a king.",
            v.sentence());
        Exercise fly = Exercises.get("draughts-kings-fly").orElseThrow();
        assertEquals("The task asks for a king move: the man on 49 only steps one square.",
            Judge.answer(fly, 0, List.of("49-43")).sentence());
    }

    @Test
    void requestsThatDoNotFitThePartAreRefused() {
        assertEquals("Exercise draughts-two-steps has 1 part; there is no part 2.",
            assertThrows(InvalidInputException.class, () -> Judge.answer(TWO_STEPS, 1, List.of("32x21"))).getMessage());
        assertEquals("No move to judge: send the move you play.",
            assertThrows(InvalidInputException.class, () -> Judge.answer(TWO_STEPS, 0, List.of())).getMessage());
        assertEquals("This part has 2 steps, so it takes at most 2 moves, not 3.",
            assertThrows(InvalidInputException.class,
                () -> Judge.answer(TWO_STEPS, 0, List.of("32x21", "31x22", "1-6"))).getMessage());
        assertEquals("Your move 1, '31-26', was not a correct answer; send only the moves judged correct, then the new one.",
            assertThrows(InvalidInputException.class,
                () -> Judge.answer(TWO_STEPS, 0, List.of("31-26", "31x22"))).getMessage());
    }

    @Test
    void negationAndCountsAreRead() {
        assertEquals("!promotes", Conditions.parse(com.plyyard.engine.catalog.Variants.module("draughts"), "!promotes")
            .name());
        assertThrows(InvalidInputException.class,
            () -> Conditions.parse(com.plyyard.engine.catalog.Variants.module("draughts"), "captures=many"));
        InvalidInputException unknown = assertThrows(InvalidInputException.class,
            () -> Conditions.parse(com.plyyard.engine.catalog.Variants.module("piracy"), "promotes"));
        assertTrue(unknown.getMessage().startsWith("No move condition 'promotes' in piracy; there are legal, wins,"),
            unknown.getMessage());
    }
}
