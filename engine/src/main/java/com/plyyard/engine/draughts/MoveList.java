package com.plyyard.engine.draughts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A reusable buffer of generated moves: no allocation per move. Move i is (from bit, to bit, captured
 * mask), which is exactly a move's identity; all moves in one list capture the same number of pieces
 * (the majority rule keeps only the longest sequences).
 */
public final class MoveList {
    private int size;
    private int[] fromTo = new int[64];
    private long[] captured = new long[64];
    /** Only filled when the generator records paths: per move, every distinct path (landing bits). */
    private List<List<int[]>> paths;

    public int size() {
        return size;
    }

    public int fromBit(int i) {
        return fromTo[i] & 0xFF;
    }

    public int toBit(int i) {
        return fromTo[i] >>> 8;
    }

    public long captured(int i) {
        return captured[i];
    }

    /** Distinct landing-bit paths of move i (generator in path mode only). */
    List<int[]> paths(int i) {
        return paths.get(i);
    }

    void clear() {
        size = 0;
        if (paths != null) {
            paths.clear();
        }
    }

    void enablePaths() {
        if (paths == null) {
            paths = new ArrayList<>();
        }
    }

    boolean recordsPaths() {
        return paths != null;
    }

    void add(int fromBit, int toBit, long capturedMask) {
        if (size == fromTo.length) {
            fromTo = Arrays.copyOf(fromTo, size * 2);
            captured = Arrays.copyOf(captured, size * 2);
        }
        fromTo[size] = fromBit | (toBit << 8);
        captured[size] = capturedMask;
        size++;
    }

    /** Room for {@code more} moves after the current ones, so that the bulk adds below run on local copies. */
    private void ensure(int more) {
        if (size + more > fromTo.length) {
            int length = Math.max(fromTo.length * 2, size + more);
            fromTo = Arrays.copyOf(fromTo, length);
            captured = Arrays.copyOf(captured, length);
        }
    }

    /** A quiet step of every piece in {@code movers}, each to its own bit + {@code step}; lowest mover first. */
    void addSteps(long movers, int step) {
        ensure(Long.bitCount(movers));
        int n = size;
        int[] ft = fromTo;
        long[] cap = captured;
        for (long m = movers; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            ft[n] = b | ((b + step) << 8);
            cap[n] = 0L;
            n++;
        }
        size = n;
    }

    /**
     * Quiet moves from {@code fromBit} to every bit of {@code targets}: lowest first, or highest first when
     * {@code descending} (so that a king's moves along one ray come nearest square first either way).
     */
    void addTargets(int fromBit, long targets, boolean descending) {
        ensure(Long.bitCount(targets));
        int n = size;
        int[] ft = fromTo;
        long[] cap = captured;
        for (long t = targets; t != 0; n++) {
            int b;
            if (descending) {
                b = 63 - Long.numberOfLeadingZeros(t);
                t ^= 1L << b;
            } else {
                b = Long.numberOfTrailingZeros(t);
                t &= t - 1;
            }
            ft[n] = fromBit | (b << 8);
            cap[n] = 0L;
        }
        size = n;
    }

    /** Move i packed as from bit | to bit &lt;&lt; 8 (hot loops read the arrays, not one getter per field). */
    int[] packedFromTo() {
        return fromTo;
    }

    long[] capturedMasks() {
        return captured;
    }

    /** Index of the move with this identity, or -1. */
    int indexOf(int fromBit, int toBit, long capturedMask) {
        int key = fromBit | (toBit << 8);
        for (int i = 0; i < size; i++) {
            if (fromTo[i] == key && captured[i] == capturedMask) {
                return i;
            }
        }
        return -1;
    }

    void addPath(int index, int[] path) {
        while (paths.size() <= index) {
            paths.add(new ArrayList<>(1));
        }
        paths.get(index).add(path);
    }
}
