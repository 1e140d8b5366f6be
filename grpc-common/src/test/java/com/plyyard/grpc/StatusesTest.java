package com.plyyard.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class StatusesTest {
    @Test
    void constructorsCarryTheirCodeAndSentence() {
        StatusRuntimeException e = Statuses.failedPrecondition("It is not your turn.");
        assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
        assertEquals("It is not your turn.", e.getStatus().getDescription());
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, Statuses.resourceExhausted("Busy now.").getStatus().getCode());
        assertEquals(Status.Code.PERMISSION_DENIED, Statuses.denied("Not yours.").getStatus().getCode());
    }

    @Test
    void passThroughFindsAWrappedStatus() {
        StatusRuntimeException inner = Statuses.notFound("There is no match x.");
        assertSame(inner, Statuses.passThrough(new CompletionException(new IllegalStateException(inner))));
    }

    @Test
    void passThroughKeepsTheTrailersOfACheckedStatus() {
        Metadata trailers = new Metadata();
        Metadata.Key<String> key = Metadata.Key.of("retry-after", Metadata.ASCII_STRING_MARSHALLER);
        trailers.put(key, "3");
        StatusRuntimeException found = Statuses.passThrough(
            new StatusException(Status.ABORTED.withDescription("Changed meanwhile."), trailers));
        assertEquals(Status.Code.ABORTED, found.getStatus().getCode());
        assertEquals("3", found.getTrailers().get(key));
    }

    @Test
    void passThroughAnswersNullWithoutAStatus() {
        assertNull(Statuses.passThrough(new IllegalArgumentException("boom")));
        assertNull(Statuses.passThrough(null));
    }
}
