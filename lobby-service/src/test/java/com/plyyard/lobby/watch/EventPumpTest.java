package com.plyyard.lobby.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.common.LobbyException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The pump of one stream, with its work run at once on the calling thread: nothing is sent before the stream has
 * begun (the transport's first "ready" comes while the snapshot is still being sent); nothing while the client takes
 * nothing; a client that takes nothing past the cutoff is cut with the version to resume from.
 */
class EventPumpTest {
    /** Events 1..n in the "log"; a sink that can refuse to take more. */
    private static final class Pump extends EventPump<Long> {
        final List<Long> log = new ArrayList<>();
        final List<Long> sent;
        final List<LobbyException> failures;

        Pump(List<Long> sent, List<LobbyException> failures, AtomicBoolean ready, Duration cutoff) {
            super(new EventSink<>() {
                @Override
                public void send(Long event) {
                    sent.add(event);
                }

                @Override
                public boolean ready() {
                    return ready.get();
                }

                @Override
                public void fail(LobbyException reason) {
                    failures.add(reason);
                }
            }, Runnable::run, cutoff);
            this.sent = sent;
            this.failures = failures;
        }

        @Override
        protected List<Long> after(long version, int limit) {
            return log.stream().filter(v -> v > version).limit(limit).toList();
        }

        @Override
        protected long versionOf(Long event) {
            return event;
        }

        @Override
        protected void register() {
        }

        @Override
        protected void unregister() {
        }

        @Override
        protected void releasePresence() {
        }

        @Override
        protected boolean holdsPresence() {
            return false;
        }

        @Override
        protected String describe() {
            return "test pump";
        }
    }

    private final List<Long> sent = new ArrayList<>();
    private final List<LobbyException> failures = new ArrayList<>();
    private final AtomicBoolean ready = new AtomicBoolean(true);

    @Test
    void aReadyClientBeforeTheStreamBeganIsSentNothing() {
        Pump p = new Pump(sent, failures, ready, Duration.ofSeconds(30));
        p.log.addAll(List.of(1L, 2L, 3L));
        p.ready(); // the transport's first "ready", while the snapshot of version 2 is being sent
        p.wake();
        assertEquals(List.of(), sent, "nothing before begin()");
        assertTrue(p.begin(2));
        p.wake();
        assertEquals(List.of(3L), sent, "after the snapshot's version only");
    }

    @Test
    void aClientThatTakesNothingIsNotSentToAndIsCutAfterTheCutoff() throws InterruptedException {
        Pump p = new Pump(sent, failures, ready, Duration.ofMillis(200));
        assertTrue(p.begin(0));
        p.log.add(1L);
        p.wake();
        assertEquals(List.of(1L), sent);
        ready.set(false);
        p.log.addAll(List.of(2L, 3L));
        p.wake();
        assertEquals(List.of(1L), sent, "nothing while the client takes nothing");
        assertEquals(List.of(), failures, "not yet: the stall has only begun");
        Thread.sleep(300);
        p.wake();
        assertEquals(1, failures.size(), "cut after the cutoff");
        assertEquals(LobbyException.exhausted("x").kind(), failures.get(0).kind());
        assertTrue(failures.get(0).getMessage().contains("from_version 1"), failures.get(0).getMessage());
    }

    @Test
    void aStreamGivesItsSlotBackOnceWhenItClosesEvenIfItClosedBeforeItGotIt() {
        StreamSlots slots = new StreamSlots();
        assertTrue(slots.tryTake(2));
        assertTrue(slots.tryTake(2));
        assertFalse(slots.tryTake(2), "the cap");
        Pump open = new Pump(sent, failures, ready, Duration.ofSeconds(30));
        slots.handTo(open);
        open.cancelled();
        open.cancelled();
        assertEquals(1, slots.taken(), "given back once");
        Pump gone = new Pump(sent, failures, ready, Duration.ofSeconds(30));
        gone.cancelled(); // the client cancelled while the setup was still running
        slots.handTo(gone);
        assertEquals(0, slots.taken());
        assertTrue(slots.tryTake(2));
    }

    @Test
    void aClientThatTakesAgainBeforeTheCutoffGetsWhatWaited() {
        Pump p = new Pump(sent, failures, ready, Duration.ofSeconds(30));
        assertTrue(p.begin(0));
        ready.set(false);
        p.log.addAll(List.of(1L, 2L));
        p.wake();
        assertEquals(List.of(), sent);
        ready.set(true);
        p.ready();
        assertEquals(List.of(1L, 2L), sent);
        assertEquals(List.of(), failures);
    }
}
