package com.plyyard.grpc.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The property harness itself: generators repeat from a seed, answers are judged. */
class HarnessTest {
    private static Gen<String> texts() {
        return Gen.oneOf(Texts.any(), Texts.mutated(Gen.constant("32-28")), Texts.idLike(), Texts.notationLike(),
            Numbers.anyLong().map(String::valueOf));
    }

    @Test
    void theSameRandomSourceDrawsTheSameInputs() {
        Gen<String> gen = texts();
        List<String> first = IntStream.range(0, 300).mapToObj(i -> gen.next(new Random(i))).toList();
        List<String> second = IntStream.range(0, 300).mapToObj(i -> gen.next(new Random(i))).toList();
        assertEquals(first, second);
        assertTrue(first.stream().distinct().count() > 100, "the inputs vary: " + first.stream().distinct().count());
    }

    @Test
    void mutationsNeverBreakOnAnyText() {
        Random r = new Random(1);
        for (int i = 0; i < 20_000; i++) {
            Texts.mutate(i % 3 == 0 ? "" : "W:W31,32:B1,2", r);
        }
    }

    @Test
    void answersAcceptRefusalsWithASentenceOnly() {
        var allowed = EnumSet.of(Status.Code.INVALID_ARGUMENT);
        Answers.check(Status.OK, allowed);
        Answers.check(Status.INVALID_ARGUMENT.withDescription("The move is not legal here."), allowed);
        assertThrows(AssertionError.class, () -> Answers.check(Status.INTERNAL.withDescription("Oops, a bug here."), allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.NOT_FOUND.withDescription("No such thing here."), allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT, allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT.withDescription("bad\u0000 input here."),
            allowed));
        assertThrows(AssertionError.class, () -> Answers.check(Status.INVALID_ARGUMENT.withDescription("x".repeat(401)),
            allowed));
    }
}
