package com.plyyard.lobby.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Batched notifications: every payload once, in order, comma-joined, each NOTIFY under PostgreSQL's size limit. */
class NotificationBatcherTest {
    @Test
    void fewPayloadsGoOutAsOneNotification() {
        assertEquals(List.of("a:1,b:2,a:3"), NotificationBatcher.joined("c", List.of("a:1", "b:2", "a:3")));
        assertEquals(List.of(), NotificationBatcher.joined("c", List.of()));
    }

    @Test
    void manyPayloadsAreSplitUnderTheLimitWithNothingLostOrReordered() {
        List<String> payloads = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            payloads.add(UUID.randomUUID() + ":" + i);
        }
        List<String> notes = NotificationBatcher.joined("c", payloads);
        assertTrue(notes.size() > 1, "45 000 bytes need several notifications");
        List<String> back = new ArrayList<>();
        for (String n : notes) {
            assertTrue(n.getBytes(StandardCharsets.UTF_8).length <= NotificationBatcher.MAX_PAYLOAD_BYTES, n.length() + " bytes");
            back.addAll(List.of(n.split(",")));
        }
        assertEquals(payloads, back);
    }
}
