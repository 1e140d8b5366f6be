package com.plyyard.engine.draughts;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Repetitions;
import java.util.Map;
import java.util.Set;

/** Rebuilds a position with the draw-rule history a client sent back, checking it for consistency. */
final class Restore {
    private Restore() {
    }

    static DraughtsPosition restore(DraughtsRules rules, DraughtsState board, Map<String, Integer> counters, long[] keys, int ply) {
        Set<String> known = rules.ruleSet() == DraughtsRuleSet.FMJD ? Set.of("25-move", "16-move", "5-move") : Set.of("no-capture");
        for (Map.Entry<String, Integer> e : counters.entrySet()) {
            if (!known.contains(e.getKey())) {
                throw new InvalidInputException("Draw counter '" + e.getKey() + "' does not exist under " + rules.id()
                    + "; its counters are " + String.join(", ", known.stream().sorted().toList()) + ".");
            }
            if (e.getValue() == null || e.getValue() < 0) {
                throw new InvalidInputException("Draw counter '" + e.getKey() + "' must not be negative.");
            }
        }
        if (ply < 0) {
            throw new InvalidInputException("The ply count must not be negative.");
        }
        DraughtsPosition.Endgame endgame = rules.ruleSet() == DraughtsRuleSet.FMJD ? DraughtsPosition.endgame(board)
            : DraughtsPosition.Endgame.NONE;
        Integer sixteen = counters.get("16-move");
        Integer five = counters.get("5-move");
        if (sixteen != null && endgame == DraughtsPosition.Endgame.NONE) {
            throw new InvalidInputException("A 16-move count is given, but the position is not a lone-king ending.");
        }
        if (five != null && endgame != DraughtsPosition.Endgame.FIVE) {
            throw new InvalidInputException("A 5-move count is given, but the position is not a 5-move ending "
                + "(lone king against at most two pieces, one of them a king).");
        }
        int sixteenPlies = sixteen != null ? sixteen : (endgame == DraughtsPosition.Endgame.SIXTEEN ? 0 : -1);
        int fivePlies = five != null ? five : (endgame == DraughtsPosition.Endgame.FIVE ? 0 : -1);
        long[] history = Repetitions.endingWith(keys, DraughtsZobrist.key(board));
        return new DraughtsPosition(rules, board, counters.getOrDefault("25-move", 0), sixteenPlies, fivePlies,
            counters.getOrDefault("no-capture", 0), history, ply);
    }
}
