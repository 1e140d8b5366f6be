package com.plyyard.lobby.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.plyyard.lobby.matchmaking.LobbyEventLog.Logged;
import com.plyyard.proto.v1.LobbyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LobbyTailTest {
    private final UUID ann = UUID.randomUUID();
    private final UUID bob = UUID.randomUUID();
    /** The log as the database holds it: version i + 1 at index i. */
    private final List<Logged> log = new ArrayList<>();
    private final AtomicInteger reads = new AtomicInteger();

    private void append(UUID... recipients) {
        long version = log.size() + 1;
        log.add(new Logged(version, recipients.length == 0 ? null : recipients,
            LobbyEvent.newBuilder().setVersion(version).build()));
    }

    private LobbyTail tail(int capacity, int batch, long head) {
        return new LobbyTail(capacity, batch, () -> head, after -> {
            reads.incrementAndGet();
            return List.copyOf(log.subList((int) after, (int) Math.min(log.size(), after + batch)));
        });
    }

    private static List<Long> versions(LobbyTail.Read read) {
        return read.events().stream().map(LobbyEvent::getVersion).toList();
    }

    @Test
    void aPlayerTakesThePublicEventsAndTheirOwnAfterTheCursor() {
        LobbyTail tail = tail(100, 10, 0);
        append();          // 1: everyone's
        append(ann);       // 2: Ann's
        append(bob);       // 3: Bob's
        append(ann, bob);  // 4: both
        tail.refresh();

        assertEquals(List.of(1L, 2L, 4L), versions(tail.after(0, ann, 10)));
        assertEquals(List.of(3L, 4L), versions(tail.after(1, bob, 10)));
        assertEquals(List.of(1L), versions(tail.after(0, bob, 1)), "at most the limit");
        LobbyTail.Read none = tail.after(4, ann, 10);
        assertEquals(List.of(), none.events());
        assertEquals(4, none.upTo(), "the cursor may move past everything the tail looked at");
    }

    @Test
    void aRefreshReadsInBatchesOnlyWhatTheLogGained() {
        LobbyTail tail = tail(100, 3, 0);
        for (int i = 0; i < 7; i++) {
            append();
        }
        tail.refresh();
        assertEquals(3, reads.get(), "3 + 3 + 1: a short batch is the end");
        assertEquals(7, tail.last());
        append(bob);
        tail.refresh();
        assertEquals(4, reads.get());
        assertEquals(List.of(8L), versions(tail.after(7, bob, 10)));
    }

    @Test
    void theTailKeepsItsCapacityAndAnOlderCursorGoesToTheDatabase() {
        LobbyTail tail = tail(4, 10, 0);
        for (int i = 0; i < 10; i++) {
            append();
        }
        tail.refresh();
        assertEquals(6, tail.base(), "versions 7 to 10 kept");
        assertNull(tail.after(5, ann, 10), "from version 5 the tail cannot tell: the database");
        assertEquals(List.of(7L, 8L, 9L, 10L), versions(tail.after(6, ann, 10)));
    }

    @Test
    void anEmptyTailStartsAtTheLogsHeadAndAnUnreadOneAnswersNothing() {
        for (int i = 0; i < 5; i++) {
            append();
        }
        LobbyTail tail = tail(100, 10, 5);
        assertNull(tail.after(5, ann, 10), "not read yet: the database");
        tail.refresh();
        assertEquals(5, tail.base());
        assertEquals(List.of(), tail.after(5, ann, 10).events());
        assertNull(tail.after(4, ann, 10), "before the head it started at");
        append(ann);
        tail.refresh();
        assertEquals(List.of(6L), versions(tail.after(5, ann, 10)));
    }

    @Test
    void aGapInTheLogIsAnErrorNotASkippedEvent() {
        LobbyTail tail = new LobbyTail(100, 10, () -> 0, after -> List.of(
            new Logged(after + 2, null, LobbyEvent.getDefaultInstance())));
        assertThrows(IllegalStateException.class, tail::refresh);
    }
}
