package com.plyyard.lobby.common;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A background job's round over everything due (fallen flags, expired seeks and challenges): the due items are read in
 * batches, and batches are read again until one is short, so that a backlog (a lobby back after an outage, a clock
 * moved far) is cleared in one round instead of one batch per round. A batch where nothing could be done (all held by
 * other transactions, or failing) ends the round; the next round tries again.
 */
public final class Batches {
    private Batches() {
    }

    /**
     * @param size    the most items one batch holds
     * @param due     reads the next batch of at most {@code size} items
     * @param handle  does one item; true when it was done
     * @return how many items were done
     */
    public static <T> int drain(int size, IntFunction<List<T>> due, Predicate<T> handle) {
        int total = 0;
        while (!Thread.currentThread().isInterrupted()) {
            List<T> batch = due.apply(size);
            int done = 0;
            for (T item : batch) {
                if (Thread.currentThread().isInterrupted()) {
                    break;
                }
                if (handle.test(item)) {
                    done++;
                }
            }
            total += done;
            if (batch.size() < size || done == 0) {
                break;
            }
        }
        return total;
    }
}
