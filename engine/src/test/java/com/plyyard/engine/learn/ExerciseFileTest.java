package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.plyyard.engine.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exercise file's format: what it reads, and the line it names for each mistake. */
class ExerciseFileTest {
    @Test
    void readsLessonsPartsStepsAndOptions() {
        List<Exercise> exercises = ExerciseFile.parse("piracy", "t", """
            # a comment
            lesson: Sailing
            exercise: piracy-one
            title: One
            text: First paragraph.
            text: Second paragraph.   # a trailing comment
            part: Small sea
            variant: piracy:classic
            options: boardSize=6, island=c3
            position: P
            task: legal, !aground
            why: Stay afloat.
            right: Good.
            solutions: F | L
            part: Other
            variant: piracy:classic
            position: Q
            task: hits
            solutions: R
            exercise: piracy-two
            title: Two
            text: T.
            variant: piracy:classic
            position: R
            task: legal
            solutions: F
            """);
        assertEquals(2, exercises.size());
        Exercise one = exercises.get(0);
        assertEquals("Sailing", one.lesson());
        assertEquals("First paragraph.\nSecond paragraph.", one.text());
        assertEquals(2, one.parts().size());
        Exercise.Part part = one.parts().get(0);
        assertEquals("Small sea", part.label());
        assertEquals(Map.of("boardSize", "6", "island", "c3"), part.options());
        assertEquals(new Exercise.Step(List.of("legal", "!aground"), "Stay afloat.", "Good.", List.of("F", "L"), ""),
            part.steps().get(0));
        assertEquals("Sailing", exercises.get(1).lesson());
        assertEquals("", exercises.get(1).parts().get(0).label());
    }

    @Test
    void mistakesNameTheirLine() {
        assertEquals("t line 1: an exercise before any 'lesson:'.", error("exercise: x-y\n"));
        assertEquals("t line 2: an exercise id is lower-case words joined by '-', not 'Bad Id'.",
            error("lesson: L\nexercise: Bad Id\n"));
        assertEquals("t line 3: unknown key 'colour'.", error("lesson: L\nexercise: a-b\ncolour: red\n"));
        assertEquals("t line 3: a 'task:' before its part's 'variant:' and 'position:'.",
            error("lesson: L\nexercise: a-b\ntask: legal\n"));
        assertEquals("t line 7: this 'task:' has no 'solutions:'.",
            error("lesson: L\nexercise: a-b\ntitle: T\ntext: X\nvariant: v\nposition: p\ntask: legal\n"));
        assertEquals("t line 3: expected 'key: value', not 'nonsense'.", error("lesson: L\nexercise: a-b\nnonsense\n"));
        assertEquals("t line 9: the last step of a part has a 'reply:', but nothing follows it.",
            error("lesson: L\nexercise: a-b\ntitle: T\ntext: X\nvariant: v\nposition: p\ntask: legal\nsolutions: a\n"
                + "reply: b\n"));
    }

    private static String error(String text) {
        return assertThrows(InvalidInputException.class, () -> ExerciseFile.parse("x", "t", text)).getMessage();
    }
}
