package com.plyyard.lobby.watch;

import com.plyyard.lobby.matchmaking.LobbyEventLog.Logged;
import com.plyyard.proto.v1.LobbyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * The latest lobby events in memory, read from the log once for every WatchLobby stream of this instance: each stream
 * takes the events after its cursor that its player may see from here, where before each read the whole log after its
 * cursor from the database on every wake. With 1 000 streams open, every lobby event woke 1 000 queries, and the
 * cursor of a player who saw none of them never moved, so each query scanned more of the log than the last: over half
 * the lobby's CPU in a run with 10 000 watchers (docs/benchmarks.md, issue 32).
 *
 * <p>The tail holds every event in {@code (base, last]} with no gap: versions commit in order (the log's head row
 * stays locked until its commit), so a read of the events after {@code last} returns the next ones without a hole. It
 * keeps at most {@code capacity} events; a stream whose cursor is before {@code base} (one resuming from far back) reads
 * the database as before.
 */
final class LobbyTail {
    /** What a stream may send after its cursor, and the version up to which the tail looked (its last). */
    record Read(List<LobbyEvent> events, long upTo) {
    }

    /** Events after {@code base}, complete; an immutable snapshot swapped whole. */
    private record Window(long base, Logged[] entries) {
        long last() {
            return entries.length == 0 ? base : entries[entries.length - 1].version();
        }
    }

    private final int capacity;
    private final int batch;
    private final LongSupplier head;
    private final LongFunction<List<Logged>> after;
    private volatile Window window;

    /**
     * @param batch the most events {@code after} answers at once (fewer: there were no more)
     * @param head  the log's current version (read once, where an empty tail starts)
     * @param after the events after a version in version order, at most {@code batch}
     */
    LobbyTail(int capacity, int batch, LongSupplier head, LongFunction<List<Logged>> after) {
        this.capacity = Math.max(1, capacity);
        this.batch = batch;
        this.head = head;
        this.after = after;
    }

    /** Reads what the log gained since the last refresh (one thread at a time: the caller's). */
    void refresh() {
        Window w = window;
        if (w == null) {
            w = new Window(head.getAsLong(), new Logged[0]);
        }
        List<Logged> added = new ArrayList<>();
        long last = w.last();
        while (true) {
            List<Logged> read = after.apply(last);
            for (Logged e : read) {
                if (e.version() != last + 1) {
                    throw new IllegalStateException("the lobby log skipped from version " + last + " to " + e.version());
                }
                added.add(e);
                last = e.version();
            }
            if (read.size() < batch) {
                break;
            }
        }
        if (!added.isEmpty() || window == null) {
            window = grown(w, added);
        }
    }

    private Window grown(Window w, List<Logged> added) {
        int total = w.entries().length + added.size();
        int drop = Math.max(0, total - capacity);
        Logged[] all = new Logged[total - drop];
        int k = 0;
        for (int i = drop; i < w.entries().length; i++) {
            all[k++] = w.entries()[i];
        }
        for (int i = Math.max(0, drop - w.entries().length); i < added.size(); i++) {
            all[k++] = added.get(i);
        }
        long base = all.length == 0 ? w.base() : all[0].version() - 1;
        return new Window(base, all);
    }

    /**
     * Up to {@code limit} events after {@code version} that the player may see, or null when the tail does not reach
     * back to {@code version} (not read yet, or the stream is further behind than it keeps): then the database.
     */
    Read after(long version, UUID player, int limit) {
        Window w = window;
        if (w == null || version < w.base()) {
            return null;
        }
        Logged[] entries = w.entries();
        int from = (int) Math.min(entries.length, version - w.base()); // entries[i] has version base + 1 + i
        List<LobbyEvent> out = new ArrayList<>();
        for (int i = from; i < entries.length && out.size() < limit; i++) {
            if (entries[i].visibleTo(player)) {
                out.add(entries[i].event());
            }
        }
        return new Read(out, w.last());
    }

    /** The version before the oldest event kept (-1 before the first refresh); for tests and the log. */
    long base() {
        Window w = window;
        return w == null ? -1 : w.base();
    }

    long last() {
        Window w = window;
        return w == null ? -1 : w.last();
    }
}
