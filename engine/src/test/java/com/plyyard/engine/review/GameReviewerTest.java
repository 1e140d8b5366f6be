package com.plyyard.engine.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.LegalMove;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.engine.search.Limits;
import com.plyyard.engine.search.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Game review: the classes come from the scores as the scale reads them, and the scores from the engine or a table. */
class GameReviewerTest {
    /** A game walked at random from the start, {@code plies} long (fewer if it ends). */
    private static List<Position> walk(VariantRules rules, int plies, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Position> out = new ArrayList<>();
        Position p = rules.start();
        for (int i = 0; i < plies && !p.isOver(); i++) {
            out.add(p);
            List<? extends LegalMove> legal = p.legalMoves();
            p = p.play(legal.get(random.nextInt(legal.size())));
        }
        return out;
    }

    @Test
    void aMoveThatDropsMaterialIsABlunderAndTheEnginesOwnMoveIsBest() {
        Engine scout = new Engine(16);
        Position found = null;
        LegalMove worst = null;
        // the first position of a fixed random game where one move loses two men or more at depth 4 in a level game
        for (Position p : walk(Variants.get("draughts:fmjd"), 60, 7)) {
            if (p.legalMoves().size() < 2) {
                continue;
            }
            List<Engine.RootScore> scores = scout.rootScores(p, 4);
            Engine.RootScore best = scores.get(0);
            Engine.RootScore last = scores.get(scores.size() - 1);
            if (Math.abs(best.score()) <= 100 && best.score() - last.score() >= 200) {
                found = p;
                worst = last.move();
                break;
            }
        }
        assertTrue(found != null, "such a position in the game");
        GameReviewer reviewer = new GameReviewer(new SearchJudge(new Engine(16), new Limits(6, 0, 0)));
        List<GameReviewer.ReviewedPly> seen = new ArrayList<>();
        GameReviewer.Summary summary = reviewer.review(GameReviewer.replay(found, List.of(worst.notation())), seen::add,
            () -> false);
        GameReviewer.ReviewedPly blunder = seen.get(0);
        assertEquals(MoveClass.BLUNDER, blunder.moveClass(), blunder.toString());
        assertNotEquals(worst.notation(), blunder.best());
        assertEquals(blunder.best(), blunder.bestLine().get(0), "the line starts with the better move");
        assertTrue(blunder.loss() >= ReviewScale.BLUNDER && blunder.bestScore() > blunder.playedScore(), blunder.toString());
        assertEquals(6, blunder.depth());
        assertEquals(SearchJudge.ENGINE, blunder.engine());
        assertTrue(summary.complete());
        assertEquals(1, summary.sides().get(found.seats().get(found.toMove()).team()).counts().get(MoveClass.BLUNDER));

        List<GameReviewer.ReviewedPly> again = new ArrayList<>();
        reviewer.review(GameReviewer.replay(found, List.of(blunder.best())), again::add, () -> false);
        assertEquals(MoveClass.BEST, again.get(0).moveClass(), "the engine's own move");
        assertEquals(0.0, again.get(0).loss());
    }

    @Test
    void piracyMovesAreWeighedExactlyFromTheTable() {
        VariantRules rules = Variants.get("piracy:classic", Map.of("board-size", "6", "island", "c3", "circle-rule", "false"));
        PerfectPlay.Table table = rules.module().perfectPlay().orElseThrow().build(rules, 1, done -> { });
        Position found = null;
        LegalMove thrown = null;
        for (long seed = 1; found == null && seed < 50; seed++) {
            for (Position p : walk(rules, 40, seed)) {
                List<PerfectPlay.MoveScore> scores = table.scores(p);
                if (scores.stream().anyMatch(s -> s.outcome() == 1)) {
                    var away = scores.stream().filter(s -> s.outcome() < 1).findFirst();
                    if (away.isPresent()) {
                        found = p;
                        thrown = away.get().move();
                        break;
                    }
                }
            }
        }
        assertTrue(found != null, "a won position with a move that throws the win away");
        List<GameReviewer.ReviewedPly> seen = new ArrayList<>();
        new GameReviewer(new TableJudge(table)).review(GameReviewer.replay(found, List.of(thrown.notation())), seen::add,
            () -> false);
        GameReviewer.ReviewedPly r = seen.get(0);
        assertEquals(TableJudge.ENGINE, r.engine());
        assertTrue(Score.isWin(r.bestScore()) && r.expectedBest() == 1.0, r.toString());
        assertTrue(r.expectedPlayed() <= 0.5, "a draw or a loss: " + r);
        assertEquals(MoveClass.BLUNDER, r.moveClass());
    }

    /** A judge that scores the first legal move 0 and every other move -60 each step down the list, counting calls. */
    private static final class ListJudge implements GameReviewer.Judge {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public GameReviewer.Weighed weigh(Position position, LegalMove played, java.util.function.BooleanSupplier stop) {
            calls.incrementAndGet();
            List<? extends LegalMove> legal = position.legalMoves();
            return new GameReviewer.Weighed(legal.get(0), 0, -60 * legal.indexOf(played), 3,
                List.of(legal.get(0).notation()), "list");
        }
    }

    @Test
    void classesFollowTheScaleAndTheSummaryCountsEachSide() {
        VariantRules rules = Variants.get("draughts:plyyard");
        ReviewScale scale = ReviewScale.of("draughts");
        List<String> moves = new ArrayList<>();
        List<MoveClass> wanted = new ArrayList<>();
        Position p = rules.start();
        for (int i = 0; i < 8; i++) {
            List<? extends LegalMove> legal = p.legalMoves();
            int pick = i % Math.min(4, legal.size());
            moves.add(legal.get(pick).notation());
            wanted.add(legal.size() == 1 || pick == 0 ? MoveClass.BEST : MoveClass.of(scale.loss(0, -60 * pick)));
            p = p.play(legal.get(pick));
        }
        assertEquals(List.of(MoveClass.BEST, MoveClass.MISTAKE, MoveClass.BLUNDER, MoveClass.BLUNDER),
            List.of(MoveClass.of(scale.loss(0, 0)), MoveClass.of(scale.loss(0, -60)), MoveClass.of(scale.loss(0, -120)),
                MoveClass.of(scale.loss(0, -180))), "a man is 100: 0.6 of one is a mistake, more a blunder");
        List<GameReviewer.ReviewedPly> seen = new ArrayList<>();
        GameReviewer.Summary summary = new GameReviewer(new ListJudge()).review(GameReviewer.replay(rules.start(), moves),
            seen::add, () -> false);
        assertEquals(wanted, seen.stream().map(GameReviewer.ReviewedPly::moveClass).toList());
        assertEquals(2, summary.sides().size());
        for (GameReviewer.SideSummary side : summary.sides()) {
            List<GameReviewer.ReviewedPly> own = seen.stream().filter(r -> r.side() == side.side()).toList();
            assertEquals(4, side.moves());
            assertEquals(own.stream().mapToDouble(GameReviewer.ReviewedPly::loss).average().orElseThrow(),
                side.averageLoss(), 1e-12);
            for (MoveClass c : MoveClass.values()) {
                assertEquals(own.stream().filter(r -> r.moveClass() == c).count(), (long) side.counts().get(c), c.word());
            }
        }
        int first = rules.start().toMove(); // plyyard: black (seat 1) starts
        assertEquals(List.of(first, 1 - first, first, 1 - first, first, 1 - first, first, 1 - first),
            seen.stream().map(GameReviewer.ReviewedPly::seat).toList());
    }

    @Test
    void sidesAreTeamsWhereSeatsPlayInTeamsAndSeatsInAFreeForAll() {
        for (var c : Map.of("ploy:3m:team", 2, "ploy:3m:ffa", 4, "ploy:3m:2p", 2, "piracy:classic", 2).entrySet()) {
            Position start = Variants.get(c.getKey()).start();
            List<String> moves = new ArrayList<>();
            Position p = start;
            for (int i = 0; i < 4; i++) {
                LegalMove m = p.legalMoves().get(0);
                moves.add(m.notation());
                p = p.play(m);
            }
            GameReviewer.Summary s = new GameReviewer(new ListJudge()).review(GameReviewer.replay(start, moves), r -> { },
                () -> false);
            assertEquals(c.getValue(), s.sides().size(), c.getKey());
            assertEquals(4, s.sides().stream().mapToInt(GameReviewer.SideSummary::moves).sum(), c.getKey());
        }
    }

    @Test
    void aGameThatDoesNotReplayIsRefusedBeforeAnythingIsWeighed() {
        Position start = Variants.get("draughts:fmjd").start();
        String first = start.legalMoves().get(0).notation();
        InvalidInputException e = assertThrows(InvalidInputException.class,
            () -> GameReviewer.replay(start, List.of(first, "1-2")));
        assertTrue(e.getMessage().startsWith("Move 2 (1-2): "), e.getMessage());
    }

    @Test
    void aStoppedReviewEndsWhereItIsAndSaysSo() {
        Position start = Variants.get("ploy:3m:2p").start();
        List<String> moves = new ArrayList<>();
        Position p = start;
        for (int i = 0; i < 6; i++) {
            LegalMove m = p.legalMoves().get(i % 3);
            moves.add(m.notation());
            p = p.play(m);
        }
        ListJudge judge = new ListJudge();
        List<GameReviewer.ReviewedPly> seen = new ArrayList<>();
        GameReviewer.Summary s = new GameReviewer(judge).review(GameReviewer.replay(start, moves), seen::add,
            () -> seen.size() >= 3);
        assertFalse(s.complete());
        assertEquals(3, s.reviewed());
        assertEquals(6, s.plies());
        assertEquals(3, judge.calls.get());
    }
}
