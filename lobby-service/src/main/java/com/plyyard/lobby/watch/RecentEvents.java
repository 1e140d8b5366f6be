package com.plyyard.lobby.watch;

import com.plyyard.proto.v1.MatchEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The latest events of one match with local watchers, in memory: a contiguous run of versions, fed by this instance's
 * commits (which carry their events) and by the reads of the database its watchers had to make. A watcher is served
 * from here when the run covers everything after its cursor up to the latest version known to exist; otherwise one
 * read of the database serves every watcher of the match (reads of a match are serialised, and what one read finds
 * is kept for the rest). So the database is read per match and change, not per watcher and event.
 *
 * <p>What is known to exist: the versions of local commits and of notifications that name their version
 * ({@code <match id>:<version>}, sent by the move path). A notification without a version, a lost LISTEN connection or
 * the periodic safety net only say "something may have changed": the next watcher to look reads the database once.
 */
final class RecentEvents {
    /** Events kept per match: a watcher further behind than this reads the database (as a reconnecting one does). */
    static final int CAPACITY = 16;

    private final ArrayDeque<MatchEvent> run = new ArrayDeque<>();
    private long latestKnown;
    /** Counts "may have changed" signals; {@link #checked} is the count the last database read began after. */
    private long doubts = 1;
    private long checked;

    /** Events committed by this instance, in version order. */
    synchronized void committed(List<MatchEvent> events) {
        for (MatchEvent e : events) {
            keep(e);
        }
    }

    /** A notification: {@code version} exists (0: unknown which; the database must be asked). */
    synchronized void announced(long version) {
        if (version <= 0) {
            doubts++;
        } else {
            latestKnown = Math.max(latestKnown, version);
        }
    }

    /**
     * Up to {@code limit} events after {@code cursor}, in version order, with no gap: from memory when it covers them,
     * otherwise from {@code database} (events after a version, at most a count), whose answer is kept.
     */
    synchronized List<MatchEvent> after(long cursor, int limit, BiFunction<Long, Integer, List<MatchEvent>> database) {
        List<MatchEvent> out = new ArrayList<>();
        long next = cursor + 1;
        if (!run.isEmpty() && run.peekFirst().getVersion() <= next) {
            for (MatchEvent e : run) {
                if (out.size() >= limit) {
                    return out;
                }
                if (e.getVersion() >= next) {
                    out.add(e);
                    next = e.getVersion() + 1;
                }
            }
        }
        if (next > latestKnown && checked >= doubts || out.size() >= limit) {
            return out;
        }
        long doubtsBefore = doubts;
        int want = limit - out.size();
        List<MatchEvent> read = database.apply(next - 1, want);
        for (MatchEvent e : read) {
            keep(e);
            out.add(e);
        }
        if (read.size() < want) {
            checked = doubtsBefore; // the read reached the end of the log as it was when the doubts were counted
        }
        return out;
    }

    /** Adds the event at the end of the run; one that leaves a gap starts a new run (the old one can't be extended). */
    private void keep(MatchEvent e) {
        long v = e.getVersion();
        latestKnown = Math.max(latestKnown, v);
        MatchEvent last = run.peekLast();
        if (last != null && v <= last.getVersion()) {
            return; // known already
        }
        if (last != null && v != last.getVersion() + 1) {
            run.clear();
        }
        run.addLast(e);
        while (run.size() > CAPACITY) {
            run.pollFirst();
        }
    }
}
