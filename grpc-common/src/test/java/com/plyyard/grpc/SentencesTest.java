package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SentencesTest {
    @Test
    void aDescriptionIsBoundedAndFreeOfControlCharacters() {
        String ok = "It is not your turn.";
        assertSame(ok, Sentences.bounded(ok));
        String cut = Sentences.bounded("Unknown variant " + "v".repeat(80_000) + ".");
        assertTrue(cut.length() <= Sentences.MAX_DESCRIPTION, "length " + cut.length());
        assertTrue(cut.endsWith("… (shortened)."), cut);
        assertEquals("bad \\u000a line", Sentences.bounded("bad \n line"));
    }
}
