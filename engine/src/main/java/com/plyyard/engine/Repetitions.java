package com.plyyard.engine;

import java.util.Arrays;

/**
 * The repetition history every game keeps the same way: the keys of the positions since the last
 * irreversible move, oldest first, the current position last.
 */
public final class Repetitions {
    private Repetitions() {
    }

    /** The history after a move to a position with {@code key}; an irreversible move starts it afresh. */
    public static long[] after(long[] keys, long key, boolean irreversible) {
        if (irreversible) {
            return new long[] {key};
        }
        long[] next = Arrays.copyOf(keys, keys.length + 1);
        next[keys.length] = key;
        return next;
    }

    /** A history sent by a client, with the current position's key appended if it is not last already. */
    public static long[] endingWith(long[] keys, long current) {
        long[] history = keys == null ? new long[0] : keys;
        if (history.length > 0 && history[history.length - 1] == current) {
            return history.clone();
        }
        long[] next = Arrays.copyOf(history, history.length + 1);
        next[history.length] = current;
        return next;
    }

    /** How often the last position occurs in the history (itself included). */
    public static int occurrences(long[] keys) {
        long current = keys[keys.length - 1];
        int n = 0;
        for (long k : keys) {
            if (k == current) {
                n++;
            }
        }
        return n;
    }
}
