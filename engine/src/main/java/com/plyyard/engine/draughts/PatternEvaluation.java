package com.plyyard.engine.draughts;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The pattern evaluation of draughts: weights over the configurations of 4 × 4 windows of the board plus a few
 * scalar terms ({@link DraughtsFeatures}), an opening and an endgame set mixed by the men left, fitted by logistic
 * regression on positions of self-play games labelled with their results ({@code ./plyyard train draughts}).
 *
 * <p>The weights ship as the resource {@value #RESOURCE}; {@code -Dplyyard.draughts.weights=FILE} plays another
 * file (to measure a fit before it ships). The evaluation is in hundredths of a man, as the rest of the search
 * expects; the weights are stored in {@value #FRACTION}ths of that, so that the many small window weights keep their
 * size instead of rounding to 0 or 1.
 */
public final class PatternEvaluation {
    static final String RESOURCE = "/com/plyyard/engine/draughts/pattern-weights.bin";
    private static final int MAGIC = 0x50594450; // "PYDP"
    private static final int VERSION = 1;
    /** Weights per hundredth of a man. */
    public static final int FRACTION = 16;

    private final short[] opening;
    private final short[] endgame;

    public PatternEvaluation(short[] opening, short[] endgame) {
        if (opening.length != DraughtsFeatures.WEIGHTS || endgame.length != DraughtsFeatures.WEIGHTS) {
            throw new IllegalArgumentException("a pattern evaluation has " + DraughtsFeatures.WEIGHTS
                + " weights per phase, not " + opening.length + " and " + endgame.length);
        }
        this.opening = opening;
        this.endgame = endgame;
    }

    /** The weights shipped in this jar (whatever {@code -Dplyyard.draughts.weights} says). */
    public static PatternEvaluation shipped() throws IOException {
        try (InputStream in = PatternEvaluation.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("this build has no " + RESOURCE);
            }
            return read(in);
        }
    }

    /** Weight {@code k} of a phase in hundredths of a man (as a fit holds it), not in the stored fractions. */
    public double weight(boolean openingPhase, int k) {
        return (openingPhase ? opening[k] : endgame[k]) / (double) FRACTION;
    }

    /** The shipped weights, or those of {@code -Dplyyard.draughts.weights}; null if neither exists. */
    static PatternEvaluation loadDefault() {
        String file = System.getProperty("plyyard.draughts.weights", "");
        try {
            if (!file.isBlank()) {
                try (InputStream in = Files.newInputStream(Path.of(file))) {
                    return read(in);
                }
            }
            try (InputStream in = PatternEvaluation.class.getResourceAsStream(RESOURCE)) {
                return in == null ? null : read(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the draughts pattern weights " + file + ": " + e.getMessage(), e);
        }
    }

    public static PatternEvaluation read(InputStream input) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(input));
        if (in.readInt() != MAGIC || in.readInt() != VERSION) {
            throw new IOException("not a Ply Yard draughts weights file (version " + VERSION + ")");
        }
        int n = in.readInt();
        if (n != DraughtsFeatures.WEIGHTS) {
            throw new IOException("the file has " + n + " weights per phase; this build expects " + DraughtsFeatures.WEIGHTS);
        }
        short[] opening = new short[n];
        short[] endgame = new short[n];
        for (int i = 0; i < n; i++) {
            opening[i] = in.readShort();
        }
        for (int i = 0; i < n; i++) {
            endgame[i] = in.readShort();
        }
        return new PatternEvaluation(opening, endgame);
    }

    public void write(OutputStream output) throws IOException {
        DataOutputStream out = new DataOutputStream(output);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(DraughtsFeatures.WEIGHTS);
        for (short w : opening) {
            out.writeShort(w);
        }
        for (short w : endgame) {
            out.writeShort(w);
        }
        out.flush();
    }

    /** From White's view, in hundredths of a man. The same sums as the features' arrays, without the arrays. */
    public int evaluate(long white, long black, long kings, boolean whiteToMove) {
        long wm = white & ~kings;
        long bm = black & ~kings;
        long turnedWhite = DraughtsFeatures.turned(bm);
        long turnedBlack = DraughtsFeatures.turned(wm);
        short[] o = opening;
        short[] e = endgame;
        int open = 0;
        int end = 0;
        for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
            int base = w * DraughtsFeatures.CONFIGURATIONS;
            int plus = base + DraughtsFeatures.configuration(w, wm, bm);
            int minus = base + DraughtsFeatures.configuration(w, turnedWhite, turnedBlack);
            open += o[plus] - o[minus];
            end += e[plus] - e[minus];
        }
        int wk = Long.bitCount(white & kings);
        int bk = Long.bitCount(black & kings);
        int first = DraughtsFeatures.FIRST_SCALAR;
        int men = Long.bitCount(wm) - Long.bitCount(bm);
        int tempo = DraughtsFeatures.tempo(wm, bm);
        int toMove = whiteToMove ? 1 : -1;
        int runaways = DraughtsFeatures.runaways(wm, black, true) - DraughtsFeatures.runaways(bm, white, false);
        int soleKings = (wk > 0 && bk == 0 ? 1 : 0) - (bk > 0 && wk == 0 ? 1 : 0);
        open += o[first + DraughtsFeatures.MEN] * men + o[first + DraughtsFeatures.KINGS] * (wk - bk)
            + o[first + DraughtsFeatures.TEMPO] * tempo + o[first + DraughtsFeatures.TO_MOVE] * toMove
            + o[first + DraughtsFeatures.RUNAWAYS] * runaways + o[first + DraughtsFeatures.SOLE_KINGS] * soleKings;
        end += e[first + DraughtsFeatures.MEN] * men + e[first + DraughtsFeatures.KINGS] * (wk - bk)
            + e[first + DraughtsFeatures.TEMPO] * tempo + e[first + DraughtsFeatures.TO_MOVE] * toMove
            + e[first + DraughtsFeatures.RUNAWAYS] * runaways + e[first + DraughtsFeatures.SOLE_KINGS] * soleKings;
        int menLeft = Math.min(40, Long.bitCount(wm | bm));
        return (open * menLeft + end * (40 - menLeft)) / (40 * FRACTION);
    }

    /** The same value through the features' arrays, as the training sees them (tests compare the two). */
    int evaluateByFeatures(long white, long black, long kings, boolean whiteToMove) {
        int[] plus = new int[DraughtsFeatures.WINDOWS];
        int[] minus = new int[DraughtsFeatures.WINDOWS];
        int[] scalars = new int[DraughtsFeatures.SCALARS];
        DraughtsFeatures.windows(white, black, kings, plus, minus);
        DraughtsFeatures.scalars(white, black, kings, whiteToMove, scalars);
        int open = 0;
        int end = 0;
        for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
            open += opening[plus[w]] - opening[minus[w]];
            end += endgame[plus[w]] - endgame[minus[w]];
        }
        for (int i = 0; i < DraughtsFeatures.SCALARS; i++) {
            open += opening[DraughtsFeatures.FIRST_SCALAR + i] * scalars[i];
            end += endgame[DraughtsFeatures.FIRST_SCALAR + i] * scalars[i];
        }
        int menLeft = Math.min(40, Long.bitCount((white | black) & ~kings));
        return (open * menLeft + end * (40 - menLeft)) / (40 * FRACTION);
    }
}
