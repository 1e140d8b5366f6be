package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The Puzzles page (#/puzzles): a Piracy puzzle near my rating solved by typing its moves, my puzzle rating rising with
 * its change shown, then the next puzzle failed by a legal move that gives the result away, with the solution shown,
 * and both in my history.
 */
@QuarkusTest
class PuzzlesBrowserIT extends BrowserTestBase {
    @Test
    void aPuzzleSolvedAndOneFailedOnThePage() {
        Browser page = browser("puzzles");
        registerIn(page, "pzl");
        page.click("#nav-puzzles");
        page.await("a puzzle", d -> !page.attribute("#puzzles-puzzle", "data-puzzle").isEmpty());
        assertEquals("1500", page.attribute("#puzzles-rating", "data-rating"));
        Puzzle puzzle = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        assertEquals(puzzle.position(), page.attribute("#puzzles-board", "data-position"));
        assertTrue(page.text("#puzzles-task").startsWith("Find the move that "), page.text("#puzzles-task"));
        for (int i = 0; i < puzzle.line().size(); i += 2) {
            String before = page.attribute("#puzzles-board", "data-position");
            page.typeAndEnter("#puzzles-move", puzzle.line().get(i));
            page.await("move " + (i / 2 + 1) + " judged right", d -> !page.attribute("#puzzles-board", "data-position")
                .equals(before));
            assertTrue(page.text("#puzzles-verdict").startsWith(puzzle.line().get(i) + " is right"),
                page.text("#puzzles-verdict"));
        }
        page.await("solved", d -> "solved".equals(page.attribute("#puzzles-puzzle", "data-result")));
        int rating = Integer.parseInt(page.attribute("#puzzles-rating", "data-rating"));
        assertTrue(rating > 1500, "the rating rose: " + rating);
        assertTrue(page.text("#puzzles-rating").contains("(+" + (rating - 1500) + ")"), page.text("#puzzles-rating"));
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", puzzle.line())),
            page.text("#puzzles-solution"));
        page.screenshot("puzzle-solved");

        page.click("#puzzles-next");
        page.await("the next puzzle", d -> "open".equals(page.attribute("#puzzles-puzzle", "data-result")));
        Puzzle next = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        String wrong = next.start().legalMoves().stream().map(LegalMove::notation)
            .filter(m -> !m.equals(next.line().get(0))).findFirst().orElseThrow();
        page.typeAndEnter("#puzzles-move", wrong);
        page.await("failed", d -> "failed".equals(page.attribute("#puzzles-puzzle", "data-result")));
        assertTrue(page.text("#puzzles-verdict").startsWith("Not this one: " + wrong + " is legal, but "),
            page.text("#puzzles-verdict"));
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", next.line())));
        assertTrue(Integer.parseInt(page.attribute("#puzzles-rating", "data-rating")) < rating, "the rating fell");
        page.await("both in the history", d -> page.texts("#puzzles-history li").size() == 2);
        page.screenshot("puzzle-failed");
    }
}
