package com.plyyard.client.draughts.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRuleSet;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.DraughtsTablebase;
import com.plyyard.engine.search.Engine;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which positions a training game keeps, and how a game that reaches an endgame table is labelled. */
class SelfPlayPositionsTest {
    private static final DraughtsRules FMJD = DraughtsRules.fmjd();
    private static DraughtsTablebase table;

    @BeforeAll
    static void build() {
        table = DraughtsTablebase.build(DraughtsRuleSet.FMJD, 3, 2, done -> { });
    }

    @Test
    void aThreatTheSideToMoveMustAnswerIsNotQuietForBoth() {
        // White to move has no capture (22 cannot be taken: 17 is occupied); Black, if it moved, would take 28 (22x33)
        DraughtsPosition threatened = FMJD.parse("W:W28:B17,22");
        assertFalse(threatened.legalMoves().get(0).isCapture());
        assertTrue(player(SelfPlayPositions.Quiet.MOVER, Optional.empty()).keeps(threatened));
        assertFalse(player(SelfPlayPositions.Quiet.BOTH, Optional.empty()).keeps(threatened));

        DraughtsPosition calm = FMJD.parse("W:W28:B12,17");
        assertTrue(player(SelfPlayPositions.Quiet.BOTH, Optional.empty()).keeps(calm));
        DraughtsPosition mustCapture = FMJD.parse("W:W28:B17,23");
        assertFalse(player(SelfPlayPositions.Quiet.MOVER, Optional.empty()).keeps(mustCapture));
    }

    @Test
    void aGameEndsAtTheTableWithTheTablesResult() {
        for (String text : new String[] {"W:WK46,K50:B5", "B:WK46,K50:B5", "W:WK3:B28,29", "B:W38:BK1"}) {
            DraughtsPosition start = FMJD.parse(text);
            int value = table.probe(start.state());
            assertNotEquals(DraughtsTablebase.NOT_HELD, value, text);
            boolean moverWins = value != 0 && (value - 1) % 2 == 1;
            int expected = value == 0 ? 1 : moverWins == start.state().whiteToMove() ? 2 : 0;

            TrainingPositions kept = new TrainingPositions();
            int result = player(SelfPlayPositions.Quiet.BOTH, Optional.of(table))
                .play(start, new SplittableRandom(1), 0, kept);
            assertEquals(expected, result, text);
            assertEquals(1, kept.size, text + ": the game ends where it starts, its one position kept");
            assertEquals(expected, kept.result[0], text);
            assertEquals(start.state().white(), kept.white[0], text);
        }
    }

    @Test
    void withoutATableTheGameIsPlayedOut() {
        TrainingPositions kept = new TrainingPositions();
        player(SelfPlayPositions.Quiet.BOTH, Optional.empty())
            .play(FMJD.parse("W:WK46,K50:B5"), new SplittableRandom(1), 0, kept);
        assertTrue(kept.size > 1, "positions of the played-out ending: " + kept.size);
    }

    private static SelfPlayPositions player(SelfPlayPositions.Quiet quiet, Optional<DraughtsTablebase> table) {
        return new SelfPlayPositions(new Engine(1), 300, 300, quiet, table);
    }
}
