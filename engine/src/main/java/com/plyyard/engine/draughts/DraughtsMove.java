package com.plyyard.engine.draughts;

import com.plyyard.engine.LegalMove;
import java.util.List;

/**
 * A legal draughts move, identified by (from, to, captured set); the paths are how it can be played
 * (several when different orders capture the same set). Created by {@link DraughtsPosition} with its
 * canonical PDN notation: {@code 32-28}, {@code 28x19}, or the long form {@code 47x38x24x13x36} exactly
 * when another legal capture shares from and to.
 */
public final class DraughtsMove implements LegalMove {
    private final int from;
    private final int to;
    private final long capturedMask;
    private final boolean promotes;
    private final boolean kingMove;
    private final List<int[]> paths;
    private String notation;

    DraughtsMove(int from, int to, long capturedMask, boolean promotes, boolean kingMove, List<int[]> paths) {
        this.from = from;
        this.to = to;
        this.capturedMask = capturedMask;
        this.promotes = promotes;
        this.kingMove = kingMove;
        this.paths = List.copyOf(paths);
    }

    void setNotation(String notation) {
        this.notation = notation;
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    /** Landing squares after {@code from}, ending with {@code to}, of the first path found. */
    public int[] path() {
        return paths.get(0).clone();
    }

    /** Every distinct path (landing squares), first one as {@link #path()}. */
    public List<int[]> paths() {
        return paths.stream().map(int[]::clone).toList();
    }

    /** Captured squares, ascending. */
    public int[] captured() {
        return Squares.squares(capturedMask);
    }

    long capturedMask() {
        return capturedMask;
    }

    public int captureCount() {
        return Long.bitCount(capturedMask);
    }

    public boolean isCapture() {
        return capturedMask != 0;
    }

    public boolean promotes() {
        return promotes;
    }

    /** True when a king makes the move. */
    public boolean kingMove() {
        return kingMove;
    }

    /** The long form: every landing square, {@code x}-separated (for a quiet move the same as the short one). */
    public String longNotation() {
        if (!isCapture()) {
            return from + "-" + to;
        }
        StringBuilder sb = new StringBuilder().append(from);
        for (int s : paths.get(0)) {
            sb.append('x').append(s);
        }
        return sb.toString();
    }

    @Override
    public String notation() {
        return notation;
    }

    /** Moves are equal when their identity (from, to, captured set) is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DraughtsMove m && m.from == from && m.to == to && m.capturedMask == capturedMask;
    }

    @Override
    public int hashCode() {
        return (from * 64 + to) * 31 + Long.hashCode(capturedMask);
    }

    @Override
    public String toString() {
        return notation;
    }
}
