package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.plyyard.engine.Position;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The notation layer (DraughtsPosition: moves with paths and notations, Moves.apply) walks the same
 * tree as the fast generator: perft through the public API equals {@link DraughtsPerft}, and every move's
 * notation reads back to the same move.
 */
class ApiCrossCheckTest {

    @ParameterizedTest
    @CsvSource({
        "FMJD, 'W:W31-50:B1-20', 4",
        "FMJD, 'B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46', 3",
        "FMJD, 'W:WK31-50:BK1-20', 3",
        "PLYYARD, 'B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46', 3",
        "PLYYARD, 'W:WK31-50:BK1-20', 3",
        "PLYYARD, 'B:W19,29,30,31,34,36,38,39,40,41,45,46,48:B1,2,5,6,10,11,12,16,20,22,K47', 3",
        "FMJD, 'W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38', 6",
    })
    void apiPerftMatchesFastPerft(DraughtsRuleSet ruleSet, String fen, int depth) {
        DraughtsRules rules = DraughtsRules.of(ruleSet);
        DraughtsPosition root = rules.parse(fen);
        assertEquals(new DraughtsPerft(ruleSet).count(root.state(), depth), slowPerft(root, depth));
    }

    private static long slowPerft(DraughtsPosition p, int depth) {
        if (depth == 0) {
            return 1;
        }
        long n = 0;
        Set<String> notations = new HashSet<>();
        for (DraughtsMove m : p.legalMovesIgnoringDraws()) {
            assertFalse(!notations.add(m.notation()), "duplicate notation " + m.notation() + " in " + p);
            assertEquals(m, p.parseMove(m.notation()), "notation " + m.notation() + " reads back in " + p);
            Position next = new DraughtsPosition(p.rules(), Moves.apply(p.state(), m), 0, -1, -1, 0,
                new long[] {0}, 0);
            n += slowPerft((DraughtsPosition) next, depth - 1);
        }
        return n;
    }
}
