package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PatternEvaluationTest {
    @Test
    void turningTheBoardMapsEverySquareToItsOpposite() {
        for (int s = 1; s <= 50; s++) {
            assertEquals(Squares.mask(51 - s), DraughtsFeatures.turned(Squares.mask(s)), "square " + s);
        }
        assertEquals(Squares.BOARD, DraughtsFeatures.turned(Squares.BOARD));
    }

    @Test
    void everyWindowTellsAllItsConfigurationsApart() {
        // the 8 squares of each window, found by placing a man on every square and seeing which windows change
        for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
            int[] squares = new int[8];
            int n = 0;
            for (int s = 1; s <= 50; s++) {
                if (DraughtsFeatures.configuration(w, Squares.mask(s), 0) != 0) {
                    squares[n++] = s;
                }
            }
            assertEquals(8, n, "window " + w + " holds 8 squares");
            Set<Integer> seen = new HashSet<>();
            for (int c = 0; c < DraughtsFeatures.CONFIGURATIONS; c++) {
                long white = 0;
                long black = 0;
                int rest = c;
                for (int i = 0; i < 8; i++) {
                    int content = rest % 3;
                    rest /= 3;
                    if (content == 1) {
                        white |= Squares.mask(squares[i]);
                    } else if (content == 2) {
                        black |= Squares.mask(squares[i]);
                    }
                }
                int index = DraughtsFeatures.configuration(w, white, black);
                assertTrue(index >= 0 && index < DraughtsFeatures.CONFIGURATIONS);
                seen.add(index);
            }
            assertEquals(DraughtsFeatures.CONFIGURATIONS, seen.size(), "window " + w + " is one-to-one");
        }
    }

    @Test
    void eachWindowSetOwnsOneOfEveryPairOfTurnedImages() {
        // a window anchored (r, c) turns into the one anchored (6 - r, 6 - c); owners and their images are the set
        for (String set : new String[] {"16", "25", "49"}) {
            Set<Integer> covered = new HashSet<>();
            int[][] owners = DraughtsFeatures.owners(set);
            for (int[] w : owners) {
                covered.add(w[0] * 7 + w[1]);
                covered.add((6 - w[0]) * 7 + 6 - w[1]);
            }
            assertEquals(Integer.parseInt(set), covered.size(), "set " + set);
            assertEquals((Integer.parseInt(set) + 1) / 2, owners.length, "set " + set + " owns half, the centre once");
        }
    }

    @Test
    void windowsAreFourByFourSquaresOfTheUpperHalf() {
        // window 0: rows 0-3, columns 0-3 → squares 1, 2, 6, 7, 11, 12, 16, 17
        long expected = 0;
        for (int s : new int[] {1, 2, 6, 7, 11, 12, 16, 17}) {
            expected |= Squares.mask(s);
        }
        long found = 0;
        for (int s = 1; s <= 50; s++) {
            if (DraughtsFeatures.configuration(0, 0, Squares.mask(s)) != 0) {
                found |= Squares.mask(s);
            }
        }
        assertEquals(expected, found);
    }

    @Test
    void turnedAndColourSwappedPositionsGetTheOppositeValue() {
        SplittableRandom random = new SplittableRandom(7);
        PatternEvaluation evaluation = randomWeights(random);
        for (int i = 0; i < 2000; i++) {
            long[] board = randomBoard(random);
            long white = board[0];
            long black = board[1];
            long kings = board[2];
            boolean whiteToMove = random.nextBoolean();
            int value = evaluation.evaluate(white, black, kings, whiteToMove);
            int turned = evaluation.evaluate(DraughtsFeatures.turned(black), DraughtsFeatures.turned(white),
                DraughtsFeatures.turned(kings), !whiteToMove);
            assertTrue(Math.abs(value + turned) <= 1, "antisymmetric up to rounding: " + value + " and " + turned);
        }
    }

    @Test
    void configurationsNumberTheSquaresAsTheShippedWeightsExpect() {
        // the reference numbering the weights were fitted with: row r of the window (from the top) holds digits
        // 2r (left square) and 2r + 1 (right square), base 3, empty 0 / White man 1 / Black man 2
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 500; i++) {
            long[] board = randomBoard(random);
            long wm = board[0] & ~board[2];
            long bm = board[1] & ~board[2];
            for (int w = 0; w < DraughtsFeatures.WINDOWS; w++) {
                int anchorRow = 2 * (w / 4);
                int k = w % 4;
                int expected = 0;
                for (int r = 3; r >= 0; r--) {
                    for (int j = 1; j >= 0; j--) {
                        long square = Squares.mask((anchorRow + r) * 5 + k + 1 + j);
                        expected = 3 * expected + ((wm & square) != 0 ? 1 : (bm & square) != 0 ? 2 : 0);
                    }
                }
                assertEquals(expected, DraughtsFeatures.configuration(w, wm, bm), "window " + w);
            }
        }
    }

    @Test
    void thePlayedEvaluationIsTheFittedOne() {
        SplittableRandom random = new SplittableRandom(13);
        PatternEvaluation evaluation = randomWeights(random);
        for (int i = 0; i < 2000; i++) {
            long[] b = randomBoard(random);
            boolean whiteToMove = random.nextBoolean();
            assertEquals(evaluation.evaluateByFeatures(b[0], b[1], b[2], whiteToMove),
                evaluation.evaluate(b[0], b[1], b[2], whiteToMove));
        }
    }

    /** White, Black and kings of a random board (about 30 % White, 30 % Black, one piece in eight a king). */
    private static long[] randomBoard(SplittableRandom random) {
        long white = 0;
        long black = 0;
        long kings = 0;
        for (int s = 1; s <= 50; s++) {
            int r = random.nextInt(10);
            if (r < 3) {
                white |= Squares.mask(s);
            } else if (r < 6) {
                black |= Squares.mask(s);
            }
            if (r < 6 && random.nextInt(8) == 0) {
                kings |= Squares.mask(s);
            }
        }
        return new long[] {white, black, kings};
    }

    @Test
    void theStartIsBalancedWhateverTheWindowWeights() {
        PatternEvaluation evaluation = randomWeights(new SplittableRandom(3));
        DraughtsState start = DraughtsState.start(DraughtsRuleSet.FMJD);
        int value = evaluation.evaluate(start.white(), start.black(), start.kings(), true);
        int toMove = evaluation.evaluate(start.white(), start.black(), start.kings(), false);
        assertEquals(value, -toMove, "only the move differs, and it counts once each way");
    }

    @Test
    void weightsSurviveTheirFileAndOtherFilesAreRefused() throws IOException {
        PatternEvaluation evaluation = randomWeights(new SplittableRandom(5));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        evaluation.write(bytes);
        PatternEvaluation read = PatternEvaluation.read(new ByteArrayInputStream(bytes.toByteArray()));
        DraughtsState start = DraughtsState.start(DraughtsRuleSet.FMJD);
        long white = start.white() & ~Squares.mask(31);
        assertEquals(evaluation.evaluate(white, start.black(), 0, true), read.evaluate(white, start.black(), 0, true));
        byte[] broken = bytes.toByteArray();
        broken[0] ^= 1;
        IOException e = assertThrows(IOException.class, () -> PatternEvaluation.read(new ByteArrayInputStream(broken)));
        assertTrue(e.getMessage().contains("not a Ply Yard draughts weights file"), e.getMessage());
    }

    @Test
    void aManMoreCountsAsTheMenWeightSays() {
        short[] opening = new short[DraughtsFeatures.WEIGHTS];
        short[] endgame = new short[DraughtsFeatures.WEIGHTS];
        opening[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN] = 100 * PatternEvaluation.FRACTION;
        endgame[DraughtsFeatures.FIRST_SCALAR + DraughtsFeatures.MEN] = 100 * PatternEvaluation.FRACTION;
        PatternEvaluation evaluation = new PatternEvaluation(opening, endgame);
        DraughtsState start = DraughtsState.start(DraughtsRuleSet.FMJD);
        assertEquals(100, evaluation.evaluate(start.white(), start.black() & ~Squares.mask(1), 0, true));
        assertNotEquals(0, evaluation.evaluate(start.white() & ~Squares.mask(50), start.black(), 0, true));
    }

    private static PatternEvaluation randomWeights(SplittableRandom random) {
        short[] opening = new short[DraughtsFeatures.WEIGHTS];
        short[] endgame = new short[DraughtsFeatures.WEIGHTS];
        for (int i = 0; i < DraughtsFeatures.WEIGHTS; i++) {
            opening[i] = (short) random.nextInt(-800, 801);
            endgame[i] = (short) random.nextInt(-800, 801);
        }
        return new PatternEvaluation(opening, endgame);
    }
}
