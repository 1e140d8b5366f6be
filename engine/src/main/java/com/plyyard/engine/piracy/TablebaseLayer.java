package com.plyyard.engine.piracy;

import java.nio.ByteBuffer;

/**
 * The solved values of one layer, one byte a position where the layer's distances fit (else two): 0 a draw,
 * 1..split a win in that many plies, split+1..255 a loss in (code − split) plies. The split is the layer's longest
 * win, so a layer needs two bytes only when its longest win and longest loss add up to more than 255. The bytes
 * live in a buffer: on the heap while building, mapped from the file when probing.
 */
final class TablebaseLayer {
    private final ByteBuffer values;
    private final boolean wide;
    private final int split;

    TablebaseLayer(ByteBuffer values, boolean wide, int split) {
        this.values = values;
        this.wide = wide;
        this.split = split;
    }

    /** Encodes solved values (0 draw, +d win, −d loss). */
    static TablebaseLayer encode(short[] solved) {
        int longestWin = 0;
        int longestLoss = 0;
        for (short v : solved) {
            longestWin = Math.max(longestWin, v);
            longestLoss = Math.max(longestLoss, -v);
        }
        if (longestWin + longestLoss <= 255) {
            byte[] bytes = new byte[solved.length];
            for (int i = 0; i < solved.length; i++) {
                int v = solved[i];
                bytes[i] = (byte) (v >= 0 ? v : longestWin - v);
            }
            return new TablebaseLayer(ByteBuffer.wrap(bytes), false, longestWin);
        }
        ByteBuffer wideValues = ByteBuffer.allocate(2 * solved.length);
        wideValues.asShortBuffer().put(solved);
        return new TablebaseLayer(wideValues, true, 0);
    }

    /** 0 a draw, +d a win for the mover in d plies, −d a loss in d plies. */
    int value(int index) {
        if (wide) {
            return values.getShort(2 * index);
        }
        int code = values.get(index) & 0xFF;
        return code <= split ? code : split - code;
    }

    boolean wide() {
        return wide;
    }

    int split() {
        return split;
    }

    /** The encoded bytes, positioned at 0 (a view: reading it does not move this layer's buffer). */
    ByteBuffer bytes() {
        return values.duplicate().position(0);
    }

    int positions() {
        return wide ? values.capacity() / 2 : values.capacity();
    }
}
