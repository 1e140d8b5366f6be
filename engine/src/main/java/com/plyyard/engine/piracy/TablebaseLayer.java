package com.plyyard.engine.piracy;

import java.nio.ByteBuffer;

/**
 * The solved values of one layer, in the smallest of three forms its distances allow:
 * <ul>
 *   <li>{@link #SPLIT}, one byte a position: 0 a draw, 1..split a win in that many plies, split+1..255 a loss in
 *       (code − split) plies — when the layer's longest win and longest loss add up to at most 255;</li>
 *   <li>{@link #SIGNED}, nine bits a position: a byte of distance (0 a draw), then a bit per position, set for a
 *       loss, after all the bytes — when each of them is at most 255 (the longest win on 8×8 is 177);</li>
 *   <li>{@link #WIDE}, two bytes a position, the signed value — never needed on the standard boards.</li>
 * </ul>
 * The bytes live in a buffer: on the heap while building, mapped from the file when probing.
 */
final class TablebaseLayer {
    static final int SPLIT = 0;
    static final int WIDE = 1;
    static final int SIGNED = 2;

    private final ByteBuffer values;
    private final int form;
    private final int split;
    private final int positions;

    TablebaseLayer(ByteBuffer values, int form, int split, int positions) {
        this.values = values;
        this.form = form;
        this.split = split;
        this.positions = positions;
    }

    /** Bytes a layer of {@code positions} takes in {@code form}. */
    static long bytes(int form, int positions) {
        return switch (form) {
            case SPLIT -> positions;
            case WIDE -> 2L * positions;
            case SIGNED -> positions + (positions + 7L) / 8;
            default -> throw new IllegalArgumentException("no layer form " + form);
        };
    }

    /** Encodes solved values (0 draw, +d win, −d loss). */
    static TablebaseLayer encode(short[] solved) {
        int longestWin = 0;
        int longestLoss = 0;
        for (short v : solved) {
            longestWin = Math.max(longestWin, v);
            longestLoss = Math.max(longestLoss, -v);
        }
        int n = solved.length;
        if (longestWin + longestLoss <= 255) {
            byte[] bytes = new byte[n];
            for (int i = 0; i < n; i++) {
                int v = solved[i];
                bytes[i] = (byte) (v >= 0 ? v : longestWin - v);
            }
            return new TablebaseLayer(ByteBuffer.wrap(bytes), SPLIT, longestWin, n);
        }
        if (Math.max(longestWin, longestLoss) <= 255) {
            byte[] bytes = new byte[(int) bytes(SIGNED, n)];
            for (int i = 0; i < n; i++) {
                int v = solved[i];
                bytes[i] = (byte) Math.abs(v);
                if (v < 0) {
                    bytes[n + (i >>> 3)] |= (byte) (1 << (i & 7));
                }
            }
            return new TablebaseLayer(ByteBuffer.wrap(bytes), SIGNED, 0, n);
        }
        ByteBuffer wide = ByteBuffer.allocate(2 * n);
        wide.asShortBuffer().put(solved);
        return new TablebaseLayer(wide, WIDE, 0, n);
    }

    /** 0 a draw, +d a win for the mover in d plies, −d a loss in d plies. */
    int value(int index) {
        return switch (form) {
            case SPLIT -> {
                int code = values.get(index) & 0xFF;
                yield code <= split ? code : split - code;
            }
            case SIGNED -> {
                int distance = values.get(index) & 0xFF;
                boolean loss = (values.get(positions + (index >>> 3)) & (1 << (index & 7))) != 0;
                yield loss ? -distance : distance;
            }
            default -> values.getShort(2 * index);
        };
    }

    int form() {
        return form;
    }

    int split() {
        return split;
    }

    /** The encoded bytes, positioned at 0 (a view: reading it does not move this layer's buffer). */
    ByteBuffer bytes() {
        return values.duplicate().position(0);
    }

    int positions() {
        return positions;
    }
}
