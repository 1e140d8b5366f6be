package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Engine;
import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Review page (#/review/<match>): a finished draughts game, one of whose moves dropped material, reviewed by the real
 * ai-service: reached from the match's page, its progress shown, a point per move on the graph, the dropped move classed
 * a blunder or a mistake, its better line stepped through on the board, and the positions as the game played them.
 */
@QuarkusTest
class ReviewBrowserIT extends BrowserTestBase {
    /**
     * A game of the first legal moves but one: at the first position where a move loses two men or more at depth 4
     * (in a level position), that move. Returns the match, finished by resignation; {@code dropped} gets the ply.
     */
    private Match gameWithADroppedMan(TestPlayer a, TestPlayer b, int[] dropped, List<Position> positions) {
        VariantRules rules = Variants.get("draughts:plyyard");
        Engine engine = new Engine(8);
        Match m = started("draughts:plyyard", clock(600, 0), a, b);
        Position p = rules.start();
        dropped[0] = -1;
        for (int ply = 0; ply < 16; ply++) {
            String move = p.legalMoves().get(0).notation();
            if (dropped[0] < 0 && ply >= 4 && p.legalMoves().size() > 1) {
                List<Engine.RootScore> scores = engine.rootScores(p, 4);
                Engine.RootScore worst = scores.get(scores.size() - 1);
                if (Math.abs(scores.get(0).score()) <= 100 && scores.get(0).score() - worst.score() >= 200) {
                    move = worst.move().notation();
                    dropped[0] = ply;
                }
            }
            m = (mover(m) == 0 ? a : b).move(m, move);
            p = p.play(move);
            positions.add(p);
            if (p.isOver()) {
                break;
            }
        }
        assertTrue(dropped[0] >= 0, "a move that drops material in the game");
        m = a.matches().resign(TestPlayer.action(m));
        assertEquals(MatchStatus.MATCH_FINISHED, m.getStatus());
        return m;
    }

    @Test
    void aFinishedGameReviewedWithItsGraph() {
        TestPlayer a = register("rv-white");
        TestPlayer b = register("rv-black");
        int[] dropped = new int[1];
        List<Position> positions = new ArrayList<>();
        Match m = gameWithADroppedMan(a, b, dropped, positions);
        Browser page = browser("review");
        registerIn(page, "rv");
        page.get(PAGE + "#/match/" + m.getId());
        page.await("the match's review button", d -> page.shown("#review-match"));
        page.click("#review-match");
        page.await("the review streamed", Duration.ofSeconds(60), d -> "true".equals(page.attribute("#review", "data-done")));
        int plies = positions.size();
        assertEquals(m.getId(), page.attribute("#review", "data-review-id"));
        assertEquals(String.valueOf(plies), page.attribute("#review", "data-plies"));
        assertEquals(plies, page.all("#review-graph .review-point").size(), "a point per move");
        assertEquals(plies, page.all("#review-moves li").size());
        assertEquals(2, page.texts("#review-summary li").size(), "a summary per side");
        assertEquals(plies + " moves reviewed.", page.text("#review-progress-text"));

        // each move's position, as the game played it
        for (int ply : new int[] {0, plies / 2, plies - 1}) {
            page.click("#review-moves li[data-ply='" + ply + "'] button");
            assertEquals(positions.get(ply).notation(), page.attribute("#review-board", "data-position"),
                "after move " + (ply + 1));
        }
        page.click("#review-first");
        assertEquals(Variants.get("draughts:plyyard").start().notation(), page.attribute("#review-board", "data-position"));
        page.click("#review-next");
        assertEquals(positions.get(0).notation(), page.attribute("#review-board", "data-position"));

        // the dropped man: a blunder or a mistake, with the better line to step through
        String li = "#review-moves li[data-ply='" + dropped[0] + "']";
        String cls = page.attribute(li, "data-class");
        assertTrue(cls.equals("blunder") || cls.equals("mistake"), "the move that dropped material: " + cls);
        page.click(li + " button");
        assertTrue(page.shown("#review-line"), "a better line is offered");
        String better = page.text("#review-line-text");
        assertTrue(better.startsWith("Better was "), better);
        String best = better.substring("Better was ".length(), better.indexOf(':'));
        page.click("#review-line-next");
        Position before = dropped[0] == 0 ? Variants.get("draughts:plyyard").start() : positions.get(dropped[0] - 1);
        assertEquals(before.play(best).notation(), page.attribute("#review-board", "data-position"),
            "the board after the better move");
        assertEquals("1", page.attribute("#review", "data-line-step"));
        page.script("window.scrollTo(0, 0)");
        page.screenshot("review");

        // the stored review, whole at once in a new window
        Browser again = browser("review-again");
        registerIn(again, "rv2");
        again.get(PAGE + "#/review/" + m.getId());
        again.await("the stored review", d -> "true".equals(again.attribute("#review", "data-done")));
        assertEquals(plies, again.all("#review-graph .review-point").size());
    }
}
