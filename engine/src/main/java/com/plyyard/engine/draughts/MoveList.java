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
