package com.plyyard.client.draughts.train;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Labelled draughts positions for fitting the pattern evaluation: per position the three bitboards (White, Black,
 * kings, in the bit layout of {@code com.plyyard.engine.draughts.Squares}), who moves, and how the game ended from
 * White's view (0 lost, 1 drawn, 2 won). A file is a sequence of 26-byte records; files are data, not sources, and
 * stay out of git.
 */
final class TrainingPositions {
    long[] white = new long[1024];
    long[] black = new long[1024];
    long[] kings = new long[1024];
    boolean[] whiteToMove = new boolean[1024];
    byte[] result = new byte[1024];
    int size;

    void add(long w, long b, long k, boolean wtm, int r) {
        if (size == white.length) {
            int n = size * 2;
            white = Arrays.copyOf(white, n);
            black = Arrays.copyOf(black, n);
            kings = Arrays.copyOf(kings, n);
            whiteToMove = Arrays.copyOf(whiteToMove, n);
            result = Arrays.copyOf(result, n);
        }
        white[size] = w;
        black[size] = b;
        kings[size] = k;
        whiteToMove[size] = wtm;
        result[size] = (byte) r;
        size++;
    }

    /** Appends these positions to {@code file} (created if missing). */
    void appendTo(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND)))) {
            for (int i = 0; i < size; i++) {
                out.writeLong(white[i]);
                out.writeLong(black[i]);
                out.writeLong(kings[i]);
                out.writeByte(whiteToMove[i] ? 1 : 0);
                out.writeByte(result[i]);
            }
        }
    }

    /** Reads every record of {@code file} into this set. */
    void readFrom(Path file) throws IOException {
        if (Files.size(file) % 26 != 0) {
            throw new IOException(file + " is not a file of training positions (its size is not a multiple of 26 bytes)");
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            while (true) {
                long w;
                try {
                    w = in.readLong();
                } catch (EOFException end) {
                    return;
                }
                long b = in.readLong();
                long k = in.readLong();
                boolean wtm = in.readByte() != 0;
                int r = in.readByte();
                if (r < 0 || r > 2 || (w & b) != 0) {
                    throw new IOException(file + " holds a malformed record (position " + size + ")");
                }
                add(w, b, k, wtm, r);
            }
        }
    }
}
