package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Leaf counts against the published vectors of ../shared/rules/draughts.md. */
class DraughtsPerftTest {
    static final String START = "W:W31-50:B1-20";
    static final long[] START_COUNTS = {9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961, 41_022_423,
        258_895_763, 1_665_861_398L};
    static final String RANDOM178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    static final long[] RANDOM178_COUNTS = {14, 55, 1_168, 5_432, 87_195, 629_010, 9_041_010, 86_724_219};
    static final String WOLDOUBY = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    static final long[] WOLDOUBY_COUNTS = {6, 12, 30, 73, 215, 590, 1_944, 6_269, 22_369, 88_050, 377_436};
    static final String ALL_KINGS = "W:WK31-50:BK1-20";
    static final long[] ALL_KINGS_COUNTS = {17, 79, 352, 1_399, 7_062, 37_589, 217_575, 1_333_217};
    static final String ALMOST_PROMOTION = "W:W6,7,8,9,10:B41,42,43,44,45";
    static final long[] ALMOST_PROMOTION_COUNTS = {9, 81, 795, 7_578, 86_351, 936_311};
    static final long[] PLYYARD_START_COUNTS = {9, 81, 658, 4_265, 27_117, 167_140};

    private static void check(DraughtsRuleSet rules, String fen, long[] counts, int fromDepth, int toDepth) {
        DraughtsState board = DraughtsPositionNotation.parse(fen);
        DraughtsPerft perft = new DraughtsPerft(rules);
        for (int d = fromDepth; d <= toDepth; d++) {
            assertEquals(counts[d - 1], perft.count(board, d), rules.id() + " " + fen + " depth " + d);
        }
    }

    @Test
    void fmjdStartToDepth9() {
        check(DraughtsRuleSet.FMJD, START, START_COUNTS, 1, 9);
    }

    @Test
    void random178ToDepth7() {
        check(DraughtsRuleSet.FMJD, RANDOM178, RANDOM178_COUNTS, 1, 7);
    }

    @Test
    void woldoubyToDepth11() {
        check(DraughtsRuleSet.FMJD, WOLDOUBY, WOLDOUBY_COUNTS, 1, 11);
    }

    @Test
    void allKingsToDepth8() {
        check(DraughtsRuleSet.FMJD, ALL_KINGS, ALL_KINGS_COUNTS, 1, 8);
    }

    @Test
    void almostPromotionToDepth6() {
        check(DraughtsRuleSet.FMJD, ALMOST_PROMOTION, ALMOST_PROMOTION_COUNTS, 1, 6);
    }

    @Test
    void plyyardStartToDepth6() {
        check(DraughtsRuleSet.PLYYARD, "B:W31-50:B1-20", PLYYARD_START_COUNTS, 1, 6);
    }

    @Test
    void depthZeroIsOneLeaf() {
        assertEquals(1, new DraughtsPerft(DraughtsRuleSet.FMJD).count(DraughtsPositionNotation.parse(START), 0));
    }

    @Test
    @Tag("slow")
    void fmjdStartDepth10And11() {
        check(DraughtsRuleSet.FMJD, START, START_COUNTS, 10, 11);
    }

    @Test
    @Tag("slow")
    void random178Depth8() {
        check(DraughtsRuleSet.FMJD, RANDOM178, RANDOM178_COUNTS, 8, 8);
    }
}
