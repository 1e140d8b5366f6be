package com.plyyard.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.DepthCaps;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.Seat;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EngineTest {
    static List<String> variants() {
        return Variants.ids();
    }

    /** Random positions of a variant: seeded random playouts, stopping at every few plies. */
    static List<Position> randomPositions(String variant, int count, long seed) {
        VariantRules rules = Variants.get(variant);
        Random random = new Random(seed);
        List<Position> out = new java.util.ArrayList<>();
        Position p = rules.start();
        while (out.size() < count) {
            if (p.isOver()) {
                p = rules.start();
            }
            List<? extends LegalMove> moves = p.legalMoves();
            p = p.play(moves.get(random.nextInt(moves.size())));
            if (!p.isOver() && random.nextInt(4) == 0) {
                out.add(p);
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void alwaysALegalMove(String variant) {
        Engine engine = new Engine(4);
        for (Position p : randomPositions(variant, 25, variant.hashCode())) {
            Engine.Result r = engine.bestMove(p, Engine.Request.of(Limits.depth(3)), null, null);
            assertTrue(p.legalMoves().contains(r.move()), variant + " " + p.notation() + ": " + r.move());
            assertEquals(r.move(), p.parseMove(r.move().notation()));
            assertTrue(r.depth() >= 1 && r.nodes() > 0);
            assertEquals(r.move().notation(), r.pv().get(0));
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void levelsPlayLegalMovesToo(String variant) {
        Engine engine = new Engine(4);
        Position p = randomPositions(variant, 1, 7).get(0);
        for (Level level : new Level[] {Level.BEGINNER, Level.CASUAL}) {
            Engine.Result r = engine.bestMove(p, Engine.Request.of(level, 3), null, null);
            assertTrue(p.legalMoves().contains(r.move()), level + ": " + r.move());
        }
    }

    @Test
    void aDraughtsShot() {
        // 32-27 gives a man: Black must take 21x32, and 38x18 takes two back
        Position p = Variants.get("draughts:fmjd").parse("W:W31,32,38,43:B3,21,22");
        Engine.Result r = new Engine(4).bestMove(p, Engine.Request.of(Limits.depth(4)), null, null);
        assertEquals("32-27", r.move().notation());
        assertEquals(List.of("32-27", "21x32", "38x18"), r.pv().subList(0, 3));
        assertTrue(r.score() > 100, "a man up: " + r.score());
    }

    @Test
    void aPloyCommanderCaptureInThree() {
        // Red's Commander on a9 is walled in by its own Shields; Green's lance takes b8, then a9
        String ppn = "r55r017/r01r017/9/9/4gC14/9/9/9/4gAA4 g 2p 3m";
        Position p = Variants.get("ploy:3m:2p").parse(ppn);
        Engine.Result r = new Engine(4).bestMove(p, Engine.Request.of(Limits.depth(4)), null, null);
        assertEquals("e5xb8", r.move().notation());
        assertTrue(Score.isWin(r.score()), Score.describe(r.score()));
        assertEquals(3, Score.pliesToEnd(r.score()));
        // independently: every Red reply loses the Commander on the next move
        assertTrue(forcedWin(p.play(r.move()), 2, p.toMove()), "the win is forced");
    }

    /** Exhaustive minimax without pruning: can {@code winner} force the end within {@code plies}? */
    private static boolean forcedWin(Position p, int plies, int winner) {
        if (p.isOver()) {
            return !p.outcome().orElseThrow().draw() && p.outcome().orElseThrow().winners().contains(winner);
        }
        if (plies == 0) {
            return false;
        }
        boolean ours = p.toMove() == winner;
        for (LegalMove m : p.legalMoves()) {
            boolean w = forcedWin(p.play(m), plies - 1, winner);
            if (ours && w) {
                return true;
            }
            if (!ours && !w) {
                return false;
            }
        }
        return !ours;
    }

    @Test
    void aPiracyForcedWin() {
        // every Cook move sinks Silver; F leaves Cook facing land (a draw), L and R survive
        Position p = Variants.get("piracy:classic", Map.of("island", "d4")).parse("8 d4 g4E:0:+0 g5SE:6:+0 c 0 -");
        Engine.Result r = new Engine(4).bestMove(p, Engine.Request.of(Limits.depth(3)), null, null);
        assertTrue(r.move().notation().startsWith("L") || r.move().notation().startsWith("R"), r.move().notation());
        assertTrue(Score.isWin(r.score()), Score.describe(r.score()));
    }

    @Test
    void theTimeBudgetIsKept() {
        Position p = Variants.get("ploy:3m:2p").start();
        long t0 = System.nanoTime();
        Engine.Result r = new Engine(16).bestMove(p, Engine.Request.of(Limits.millis(300)), null, null);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(p.legalMoves().contains(r.move()));
        // generous: the point is that a 300 ms budget does not turn into seconds
        assertTrue(ms < 2_000, "took " + ms + " ms");
        assertTrue(r.millis() <= ms);
    }

    @ParameterizedTest
    @MethodSource("variants")
    void twoSearchThreadsPlayLegalMovesAndStopTogether(String variant) {
        Engine engine = new Engine(4, 2);
        for (Position p : randomPositions(variant, 6, variant.hashCode() + 1)) {
            Engine.Result r = engine.bestMove(p, Engine.Request.of(Limits.millis(40)), null, null);
            assertTrue(p.legalMoves().contains(r.move()), variant + " " + p.notation() + ": " + r.move());
            assertEquals(r.move().notation(), r.pv().get(0));
        }
        // a stop request ends the helper as well: the next search starts at once and finds the shot
        Position shot = Variants.get("draughts:fmjd").parse("W:W31,32,38,43:B3,21,22");
        long t0 = System.nanoTime();
        Engine.Result r = new Engine(4, 2).bestMove(shot, Engine.Request.of(Limits.depth(60)),
            () -> System.nanoTime() - t0 > 200_000_000L, null);
        assertEquals("32-27", r.move().notation());
    }

    /**
     * A root scoring is a function of the position alone: the same after a search of another game as from a fresh
     * engine (the draughts search prunes harder than Ploy's, and a scoring must use its own game's pruning).
     */
    @Test
    void rootScoresDependOnlyOnThePosition() {
        Position draughts = randomPositions("draughts:fmjd", 1, 31).get(0);
        Position ploy = randomPositions("ploy:3m:2p", 1, 31).get(0);
        for (Position[] pair : new Position[][] {{draughts, draughts}, {draughts, ploy}, {ploy, draughts}}) {
            Position searchedFirst = pair[0];
            Position scored = pair[1];
            List<Engine.RootScore> fresh = new Engine(1).rootScores(scored, 5);
            Engine used = new Engine(1);
            used.bestMove(searchedFirst, Engine.Request.of(Limits.depth(5)), null, null);
            used.newGame();
            assertEquals(fresh, used.rootScores(scored, 5), searchedFirst.notation() + " then " + scored.notation());
        }
    }

    @Test
    void aStopRequestEndsTheSearch() {
        Position p = Variants.get("draughts:fmjd").start();
        long t0 = System.nanoTime();
        Engine.Result r = new Engine(16).bestMove(p, Engine.Request.of(Limits.depth(60)),
            () -> System.nanoTime() - t0 > 200_000_000L, null);
        assertTrue(p.legalMoves().contains(r.move()));
        assertTrue(r.depth() < 60);
    }

    @Test
    void levelsDiffer() {
        Position p = Variants.get("draughts:fmjd").start();
        Engine engine = new Engine(8);
        Set<String> beginner = new HashSet<>();
        Set<String> expert = new HashSet<>();
        for (int seed = 0; seed < 12; seed++) {
            beginner.add(engine.bestMove(p, new Engine.Request(null, Level.BEGINNER, -1, 0, seed), null, null)
                .move().notation());
            // a fresh engine each time: what is kept in a warm engine's table between searches may tip a choice
            // between moves of (nearly) equal score, and that is not the deliberate randomness this test is about
            expert.add(new Engine(8).bestMove(p, new Engine.Request(Limits.depth(6), null, -1, 0, seed), null, null)
                .move().notation());
        }
        assertTrue(beginner.size() >= 3, "a beginner varies its moves: " + beginner);
        assertEquals(1, expert.size(), "a fixed-depth search does not: " + expert);
        // a beginner never searches as deep as the level cap allows for stronger levels
        Engine.Result weak = engine.bestMove(p, Engine.Request.of(Level.BEGINNER, 1), null, null);
        assertTrue(weak.depth() <= Level.BEGINNER.depthCap(Variants.module("draughts").depthCaps()));
    }

    @Test
    void finishedGamesAndEmptyRequestsAreRefused() {
        Position over = Variants.get("draughts:fmjd").parse("B:W28:B");
        assertThrows(GameOverException.class, () -> new Engine(1).bestMove(over, Engine.Request.of(Limits.depth(2)), null, null));
        Position start = Variants.get("draughts:fmjd").start();
        assertThrows(com.plyyard.engine.InvalidInputException.class,
            () -> new Engine(1).bestMove(start, Engine.Request.of(new Limits(0, 0, 0)), null, null));
    }

    @Test
    void levelChoiceNeverPicksAForcedLossWhileBetterExists() {
        List<int[]> scored = List.of(new int[] {1, 20}, new int[] {2, Score.LOSS + 5}, new int[] {3, -30});
        for (int seed = 0; seed < 50; seed++) {
            int[] pick = Engine.choose(scored, Level.BEGINNER, new SplittableRandom(seed));
            assertTrue(pick[0] != 2, "never the forced loss");
        }
    }

    @Test
    void depthCapsAndTimesGrowWithTheLevelInEveryGame() {
        for (String game : new String[] {"draughts", "ploy", "piracy"}) {
            DepthCaps caps = Variants.module(game).depthCaps();
            int previousDepth = 0;
            long previousMillis = 0;
            for (Level level : new Level[] {Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT}) {
                assertTrue(level.depthCap(caps) > previousDepth, game + " " + level);
                assertTrue(level.millis() > previousMillis, level.toString());
                previousDepth = level.depthCap(caps);
                previousMillis = level.millis();
            }
            assertEquals(0, Level.MAX.depthCap(caps), "max has no depth cap");
            assertTrue(Level.MAX.millis() > previousMillis);
        }
    }

    /** The figures of the README's level table (ai-service section) and docs/ai.md. */
    @Test
    void theLevelTable() {
        int[][] expected = {{2, 4, 6, 10, 0}, {1, 3, 5, 9, 0}, {8, 16, 24, 28, 0}};
        String[] games = {"draughts", "ploy", "piracy"};
        for (int g = 0; g < games.length; g++) {
            DepthCaps caps = Variants.module(games[g]).depthCaps();
            for (Level level : Level.values()) {
                assertEquals(expected[g][level.ordinal()], level.depthCap(caps), games[g] + " " + level);
            }
        }
        long[] millis = {200, 400, 800, 1500, 5000};
        int[] windows = {150, 60, 15, 0, 0};
        int[] temperatures = {60, 25, 8, 0, 0};
        for (Level level : Level.values()) {
            assertEquals(millis[level.ordinal()], level.millis(), level.toString());
            assertEquals(windows[level.ordinal()], level.window(), level.toString());
            assertEquals(temperatures[level.ordinal()], level.temperature(), level.toString());
        }
    }

    /**
     * Evaluate weighs the same search as BestMove: for the seat that moves it is BestMove's score at the same depth, and
     * in a game of two sides every seat of the other side gets its negation.
     */
    @ParameterizedTest
    @MethodSource("variants")
    void evaluateTakesTheSeatsViewOfTheSameSearch(String variant) {
        Engine engine = new Engine(4);
        for (Position p : randomPositions(variant, 6, variant.hashCode() ^ 0x5EA7)) {
            List<Seat> seats = p.seats();
            int mover = seats.get(p.toMove()).playedBy();
            engine.newGame();
            int best = engine.bestMove(p, Engine.Request.of(Limits.depth(2)), null, null).score();
            engine.newGame();
            Engine.Result own = engine.evaluate(p, mover, Engine.Request.of(Limits.depth(2)), null);
            assertEquals(best, own.score(), variant + " " + p.notation());
            assertTrue(p.legalMoves().contains(own.move()), "the mover's move: " + own.move());
            if (seats.stream().map(Seat::team).distinct().count() == 2) {
                for (Seat other : seats) {
                    if (other.team() != seats.get(mover).team() && !other.out()) {
                        engine.newGame();
                        assertEquals(-best, engine.evaluate(p, other.index(), Engine.Request.of(Limits.depth(2)), null)
                            .score(), variant + " " + p.notation() + ", seat " + other.index());
                    }
                }
            }
        }
    }

    @Test
    void evaluateRefusesWhatHasNoStanding() {
        Engine engine = new Engine(4);
        Position draughts = Variants.get("draughts:fmjd").start();
        Engine.Request depth = Engine.Request.of(Limits.depth(1));
        InvalidInputException noSeat = assertThrows(InvalidInputException.class, () -> engine.evaluate(draughts, 2, depth,
            null));
        assertEquals("Seat 2 does not exist; draughts:fmjd has seats 0 to 1.", noSeat.getMessage());
        assertThrows(InvalidInputException.class, () -> engine.evaluate(draughts, -1, depth, null));
        assertThrows(InvalidInputException.class, () -> engine.evaluate(draughts, 0, Engine.Request.of(new Limits(0, 0, 0)),
            null));
        Position over = Variants.get("draughts:fmjd").parse("W:W28:B23").play("28x19");
        assertThrows(GameOverException.class, () -> engine.evaluate(over, 0, depth, null));
        com.plyyard.engine.ploy.PloyPosition ffa = (com.plyyard.engine.ploy.PloyPosition) Variants.get("ploy:3m:ffa").start();
        IllegalMoveException out = assertThrows(IllegalMoveException.class, () -> engine.evaluate(ffa.withoutSeat(2), 2,
            depth, null));
        assertEquals("Yellow is out of the game; only a seat still in it has a standing to weigh.", out.getMessage());
    }
}
