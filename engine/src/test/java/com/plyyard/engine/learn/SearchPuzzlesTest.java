package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Engine.RootScore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Puzzles of a searched game, found in a short hunt with shallow searches (a test's budget), checked against fresh
 * searches of every root move rather than by the finder's own code.
 */
class SearchPuzzlesTest {
    private static final SearchPuzzles.Settings SETTINGS = new SearchPuzzles.Settings(2, 4, 150, 150, 2);

    /** Ploy's hundred-odd moves make each full-window scoring slow: shallower still for a test. */
    private static final SearchPuzzles.Settings PLOY = new SearchPuzzles.Settings(1, 2, 150, 150, 1);

    private static List<Puzzle> hunt(String variant, int count, long seed) {
        return hunt(variant, count, seed, SETTINGS);
    }

    private static List<Puzzle> hunt(String variant, int count, long seed, SearchPuzzles.Settings settings) {
        VariantRules rules = Variants.get(variant);
        return new PuzzleHunt(new PuzzleHunt.Settings(List.of(rules), List.of(1, 2), 0.2, seed, 160),
            PuzzleHunt.searched(settings)).run(count, 200, line -> { }).puzzles();
    }

    private static List<Puzzle> draughts;

    @BeforeAll
    static void huntDraughts() {
        draughts = hunt("draughts:fmjd", 4, 3);
    }

    @Test
    void draughtsPuzzlesHaveOneMoveAheadOfTheRestByTheMarginAtTheDeeperDepth() {
        List<Puzzle> found = draughts;
        assertEquals(4, found.size(), "4 draughts puzzles in at most 200 games");
        SearchPuzzles verifier = new SearchPuzzles(SETTINGS);
        for (Puzzle puzzle : found) {
            Position p = puzzle.start();
            Engine fresh = new Engine(4);
            List<RootScore> scores = fresh.rootScores(p, 4);
            assertTrue(scores.size() >= 2, puzzle.id());
            assertEquals(scores.get(0).move().notation(), puzzle.line().get(0), puzzle.id() + ": the best move first");
            assertTrue(scores.get(0).score() - scores.get(1).score() >= 150, () -> puzzle.id() + ": " + scores);
            switch (puzzle.goal()) {
                case ADVANTAGE -> assertTrue(scores.get(0).score() >= 150 && scores.get(1).score() < 150, puzzle.id());
                case DRAW -> assertTrue(scores.get(0).score() > -150 && scores.get(1).score() <= -150, puzzle.id());
                case WIN -> assertTrue(scores.get(0).score() > 20_000 && scores.get(1).score() < 20_000, puzzle.id());
                default -> throw new AssertionError(puzzle.goal());
            }
            assertEquals(Optional.empty(), verifier.verify(puzzle), puzzle.id());
        }
    }

    @Test
    void aPloyTwoPlayerPuzzleVerifies() {
        List<Puzzle> found = hunt("ploy:3m:2p", 1, 11, PLOY);
        assertEquals(1, found.size(), "a Ploy puzzle in at most 200 games");
        assertEquals(Optional.empty(), new SearchPuzzles(PLOY).verify(found.get(0)), found.get(0).id());
    }

    /**
     * The screen is a saving, not another definition: it drops positions where another move reaches the goal's bound
     * by a normal search, which the exact scoring drops too (but for the two searches' differences); here the hunt (the
     * same games, the same seed) finds the same puzzles with it.
     */
    @Test
    void theScreenKeepsEveryPuzzleTheExactScoringFinds() {
        SearchPuzzles.Settings screened = new SearchPuzzles.Settings(2, 4, 150, 150, 2, 2);
        assertEquals(draughts.subList(0, 3), hunt("draughts:fmjd", 3, 3, screened));
        assertTrue(screened.describe().endsWith(" screen_depth=2"));
        assertFalse(SETTINGS.describe().contains("screen"), "a set made without a screen keeps its head");
    }

    @Test
    void theSameSeedFindsTheSamePuzzles() {
        assertEquals(draughts.subList(0, 2), hunt("draughts:fmjd", 2, 3));
    }

    @Test
    void anotherFirstMoveFailsVerificationWithTheScores() {
        Puzzle puzzle = draughts.get(0);
        String other = puzzle.start().legalMoves().stream().map(LegalMove::notation)
            .filter(n -> !n.equals(puzzle.line().get(0))).findFirst().orElseThrow();
        List<String> line = new ArrayList<>(puzzle.line());
        line.set(0, other);
        Puzzle wrong = new Puzzle(puzzle.id(), puzzle.variant(), puzzle.options(), puzzle.position(), line,
            puzzle.goal(), puzzle.themes(), puzzle.rating(), puzzle.source());
        String problem = new SearchPuzzles(SETTINGS).verify(wrong).orElse("");
        assertTrue(problem.startsWith("move 1 (" + other + ") is not the only move that keeps the "
            + puzzle.goal().id() + " at depth 4 ("), problem);
    }
}
