package com.plyyard.engine.search;

import java.util.Arrays;

/**
 * A fixed-size hash table of search results: per slot the full key and one packed long (best move 32 bits,
 * score 16, depth 8, bound 2). Always-replace, except that a deeper entry of another position survives a
 * shallower one.
 *
 * <p>Searchers of one engine share it without locks (Lazy SMP): a slot keeps the key XOR the data, so an entry
 * torn by two threads writing at once fails the key check and reads as empty instead of giving a wrong move or
 * score. (Each long is written whole: the 64-bit JVMs this runs on never split a long store.)
 */
final class TranspositionTable {
    static final int EXACT = 1;
    static final int LOWER = 2;
    static final int UPPER = 3;

    private final long[] keys;
    private final long[] data;
    private final int mask;

    TranspositionTable(int megabytes) {
        int slots = Integer.highestOneBit(Math.max(1, megabytes) * (1 << 20) / 16);
        keys = new long[slots];
        data = new long[slots];
        mask = slots - 1;
    }

    void clear() {
        Arrays.fill(keys, 0);
        Arrays.fill(data, 0);
    }

    private int index(long key) {
        return (int) (mix(key) & mask);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** The packed entry for {@code key}, or 0 when there is none. */
    long probe(long key) {
        int i = index(key);
        long entry = data[i];
        return (keys[i] ^ entry) == key ? entry : 0;
    }

    void store(long key, int move, int score, int depth, int bound) {
        int i = index(key);
        long old = data[i];
        long oldKey = keys[i] ^ old;
        if (oldKey != key && old != 0 && depth(old) > depth + 2) {
            return; // keep a clearly deeper entry of another position
        }
        long entry = (move & 0xFFFFFFFFL) | ((long) (score & 0xFFFF) << 32) | ((long) (depth & 0xFF) << 48)
            | ((long) bound << 56);
        data[i] = entry;
        keys[i] = key ^ entry;
    }

    /** For tests: the slot of a key, its stored key word, and overwriting that word as a torn write would. */
    int slot(long key) {
        return index(key);
    }

    long keyWord(long key) {
        return keys[index(key)];
    }

    void setKeyWord(long key, long word) {
        keys[index(key)] = word;
    }

    static int move(long entry) {
        return (int) entry;
    }

    static int score(long entry) {
        return (short) (entry >>> 32);
    }

    static int depth(long entry) {
        return (int) ((entry >>> 48) & 0xFF);
    }

    static int bound(long entry) {
        return (int) ((entry >>> 56) & 3);
    }
}
