package com.plyyard.lobby.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.plyyard.proto.v1.MatchEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The watchers' memory of a match: served from memory when it covers everything known, from the database (once, for
 * every watcher) otherwise; never a gap, never a repeat, whatever order commits and notifications come in.
 */
class RecentEventsTest {
    private final String match = UUID.randomUUID().toString();
    /** The "database": the match's log, versions 1..n. */
    private final List<MatchEvent> log = new ArrayList<>();
    private int reads;

    private final BiFunction<Long, Integer, List<MatchEvent>> database = (after, limit) -> {
        reads++;
        List<MatchEvent> out = new ArrayList<>();
        for (MatchEvent e : log) {
            if (e.getVersion() > after && out.size() < limit) {
                out.add(e);
            }
        }
        return out;
    };

    private MatchEvent append() {
        MatchEvent e = MatchEvent.newBuilder().setMatchId(match).setVersion(log.size() + 1).build();
        log.add(e);
        return e;
    }

    private static List<Long> versions(List<MatchEvent> events) {
        return events.stream().map(MatchEvent::getVersion).toList();
    }

    @Test
    void theFirstLookReadsTheDatabaseThenLocalCommitsAreServedFromMemory() {
        RecentEvents r = new RecentEvents();
        append();
        append();
        assertEquals(List.of(1L, 2L), versions(r.after(0, 200, database)));
        assertEquals(1, reads);
        r.committed(List.of(append()));
        r.committed(List.of(append(), append()));
        assertEquals(List.of(3L, 4L, 5L), versions(r.after(2, 200, database)));
        assertEquals(List.of(5L), versions(r.after(4, 200, database)));
        assertEquals(List.of(), versions(r.after(5, 200, database)));
        assertEquals(1, reads, "everything after the first read came from memory");
    }

    @Test
    void aVersionAnnouncedByAnotherInstanceIsReadOnceForEveryWatcher() {
        RecentEvents r = new RecentEvents();
        r.after(0, 200, database);
        append(); // written by another instance
        append();
        r.announced(2);
        assertEquals(List.of(1L, 2L), versions(r.after(0, 200, database)));
        assertEquals(List.of(1L, 2L), versions(r.after(0, 200, database)));
        assertEquals(List.of(2L), versions(r.after(1, 200, database)));
        assertEquals(2, reads, "the second watcher and the third were served from what the first one read");
    }

    @Test
    void aNotificationWithoutVersionMakesTheNextLookAskTheDatabaseOnce() {
        RecentEvents r = new RecentEvents();
        r.after(0, 200, database);
        append();
        assertEquals(List.of(), versions(r.after(0, 200, database)), "nothing says the event exists yet");
        r.announced(0);
        assertEquals(List.of(1L), versions(r.after(0, 200, database)));
        assertEquals(List.of(1L), versions(r.after(0, 200, database)));
        assertEquals(2, reads);
    }

    @Test
    void aWatcherFurtherBehindThanMemoryReadsTheDatabase() {
        RecentEvents r = new RecentEvents();
        r.after(0, 200, database);
        for (int i = 0; i < RecentEvents.CAPACITY + 10; i++) {
            r.committed(List.of(append()));
        }
        int before = reads;
        List<MatchEvent> got = r.after(0, 500, database);
        assertEquals(RecentEvents.CAPACITY + 10, got.size());
        assertEquals(before + 1, reads);
    }

    @Test
    void batchesAreCutAtTheLimitAndGoOnWhereTheyStopped() {
        RecentEvents r = new RecentEvents();
        for (int i = 0; i < 25; i++) {
            append();
        }
        r.announced(25);
        List<Long> seen = new ArrayList<>();
        long cursor = 0;
        for (List<MatchEvent> b = r.after(cursor, 10, database); !b.isEmpty(); b = r.after(cursor, 10, database)) {
            seen.addAll(versions(b));
            cursor = b.get(b.size() - 1).getVersion();
        }
        assertEquals(25, seen.size());
        for (int i = 0; i < 25; i++) {
            assertEquals(i + 1, seen.get(i));
        }
    }

    /** Commits that reach memory out of order, notifications, doubts and watchers at random: never a gap or a repeat. */
    @Test
    void randomInterleavingsNeverLoseOrRepeatAnEvent() {
        for (long seed = 1; seed <= 200; seed++) {
            Random rnd = new Random(seed);
            log.clear();
            RecentEvents r = new RecentEvents();
            long[] cursors = new long[3];
            List<List<Long>> seen = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            List<MatchEvent> unannounced = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                int what = rnd.nextInt(6);
                if (what == 0) {
                    unannounced.add(append()); // committed somewhere, not yet heard of
                } else if (what == 1 && !unannounced.isEmpty()) {
                    // a local commit's wake, possibly late and out of order
                    MatchEvent e = unannounced.remove(rnd.nextInt(unannounced.size()));
                    r.committed(List.of(e));
                } else if (what == 2 && !unannounced.isEmpty()) {
                    MatchEvent e = unannounced.remove(rnd.nextInt(unannounced.size()));
                    r.announced(rnd.nextBoolean() ? e.getVersion() : 0);
                } else {
                    int w = rnd.nextInt(3);
                    List<MatchEvent> got = r.after(cursors[w], 1 + rnd.nextInt(20), database);
                    for (MatchEvent e : got) {
                        assertEquals(cursors[w] + 1, e.getVersion(), "seed " + seed + ": a gap or a repeat");
                        cursors[w] = e.getVersion();
                        seen.get(w).add(e.getVersion());
                    }
                }
            }
            // once everything is heard of, every watcher catches up completely
            for (MatchEvent e : unannounced) {
                r.announced(e.getVersion());
            }
            for (int w = 0; w < 3; w++) {
                for (List<MatchEvent> got = r.after(cursors[w], 50, database); !got.isEmpty();
                     got = r.after(cursors[w], 50, database)) {
                    for (MatchEvent e : got) {
                        assertEquals(cursors[w] + 1, e.getVersion(), "seed " + seed);
                        cursors[w] = e.getVersion();
                    }
                }
                assertEquals(log.size(), cursors[w], "seed " + seed + ": watcher " + w + " did not catch up");
            }
        }
    }
}
