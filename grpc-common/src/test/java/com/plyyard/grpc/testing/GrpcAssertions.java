package com.plyyard.grpc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.function.Executable;

/** Assertions on the status model: a failed call has the expected code and one human sentence. */
public final class GrpcAssertions {
    private GrpcAssertions() {
    }

    /** Asserts the call fails with the code and a human sentence; returns the sentence. */
    public static String assertStatus(Status.Code code, Executable call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call);
        assertEquals(code, e.getStatus().getCode(), () -> "description: " + e.getStatus().getDescription());
        String d = e.getStatus().getDescription();
        assertSentence(d);
        return d;
    }

    public static void assertSentence(String d) {
        assertNotNull(d, "the status has no description");
        String t = d.strip();
        assertTrue(t.split("\\s+").length >= 3, () -> "not a sentence: " + d);
        assertTrue(t.endsWith("."), () -> "a sentence ends with a full stop: " + d);
    }
}
