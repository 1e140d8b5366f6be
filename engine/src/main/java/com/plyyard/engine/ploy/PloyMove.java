package com.plyyard.engine.ploy;

import com.plyyard.engine.LegalMove;

/**
 * A legal Ploy move: a motion (possibly a capture, possibly with a Shield's turn) or a rotation in place.
 * Its canonical notation is {@code c2-c4}, {@code c2xc4}, {@code e3-e4r1} or {@code b1r2}, where r<i>k</i>
 * turns clockwise by k×45° with the smallest such k.
 */
public final class PloyMove implements LegalMove {
    private final int code;
    private final int oldMask;
    private final int mover;
    private final String notation;

    PloyMove(int code, int oldMask, int mover) {
        this.code = code;
        this.oldMask = oldMask;
        this.mover = mover;
        this.notation = PloyMoveNotation.format(code, oldMask);
    }

    int code() {
        return code;
    }

    /** Point the piece starts from, e.g. "c2". */
    public String from() {
        return Points.name(PloyState.from(code));
    }

    /** Point the piece ends on; equal to {@link #from()} for a rotation in place. */
    public String to() {
        return Points.name(PloyState.to(code));
    }

    public boolean isRotationInPlace() {
        return PloyState.from(code) == PloyState.to(code);
    }

    public boolean isCapture() {
        return PloyState.isCapture(code);
    }

    /** Clockwise 45° steps from the old mask to the new one (0 when the piece keeps its direction). */
    public int rotation() {
        return Masks.clockwiseSteps(oldMask, PloyState.newMask(code));
    }

    public int oldMask() {
        return oldMask;
    }

    public int newMask() {
        return PloyState.newMask(code);
    }

    public PieceKind kind() {
        return Masks.kind(oldMask);
    }

    /** Seat making the move (a partner may play an out seat's turn). */
    public int mover() {
        return mover;
    }

    @Override
    public String notation() {
        return notation;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PloyMove m && m.code == code;
    }

    @Override
    public int hashCode() {
        return code;
    }

    @Override
    public String toString() {
        return notation;
    }
}
