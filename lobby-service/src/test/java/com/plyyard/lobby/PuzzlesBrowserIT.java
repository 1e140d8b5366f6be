package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import io.quarkus.test.junit.QuarkusTest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Puzzles page (#/puzzles). A new player starts on draughts, the chosen game marked (not only by its pressed state:
 * it looks chosen), and the page remembers the game chosen last. Today's puzzle solved, then opened again, shows as
 * solved, with the rating the puzzle had when it was met, not as a new task for the other side. A Piracy puzzle solved
 * with the L, F, R buttons under the board (no typing), the puzzle rating rising with its change shown; the status
 * line's verdict goes when another game's puzzle comes. A draughts puzzle failed by a legal move that gives the result
 * away, with the solution shown; all in my history; its verdict gone from the status line in the next view.
 */
@QuarkusTest
class PuzzlesBrowserIT extends BrowserTestBase {
    private static final Pattern RATED = Pattern.compile(" · rated (\\d+)$");

    @Test
    void aPuzzleSolvedAndOneFailedOnThePage() {
        Browser page = browser("puzzles");
        registerIn(page, "pzl");
        page.click("#nav-puzzles");

        // a new player: draughts first, and the chosen game looks chosen
        page.await("a draughts puzzle", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith("draughts-"));
        assertEquals("true", page.attribute("#puzzles-game-draughts", "aria-pressed"));
        assertEquals("false", page.attribute("#puzzles-game-piracy", "aria-pressed"));
        assertEquals("700", style(page, "#puzzles-game-draughts", "fontWeight"), "the chosen game in bold");
        assertNotEquals(style(page, "#puzzles-game-piracy", "backgroundColor"), style(page, "#puzzles-game-draughts",
            "backgroundColor"), "the chosen game stands out from the others");
        assertEquals("1500", page.attribute("#puzzles-rating", "data-rating"));

        // today's puzzle, solved; opened again it is the same attempt, solved, not a new task for the other side
        page.click("#puzzles-daily");
        page.await("today's puzzle", d -> "true".equals(page.attribute("#puzzles-puzzle", "data-daily")));
        String dailyAttempt = page.attribute("#puzzles-puzzle", "data-attempt");
        Puzzle daily = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        String metAt = rated(page.text("#puzzles-title"));
        solveByTyping(page, daily);
        page.click("#puzzles-next");
        page.await("another puzzle", d -> !dailyAttempt.equals(page.attribute("#puzzles-puzzle", "data-attempt")));
        page.click("#puzzles-daily");
        page.await("today's puzzle again", d -> dailyAttempt.equals(page.attribute("#puzzles-puzzle", "data-attempt")));
        assertEquals("solved", page.attribute("#puzzles-puzzle", "data-result"));
        assertEquals("You solved today's puzzle. A new one comes tomorrow.", page.text("#puzzles-task"));
        page.await("the rating it was met at", d -> page.text("#puzzles-title").endsWith(" · solved · rated " + metAt
            + " when you met it"));
        assertFalse(page.shown("#puzzles-form"), "nothing to answer");
        assertEquals("false", page.attribute("#puzzles-board", "data-clicks"), "the board takes no move");
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", daily.line())));

        // Piracy, chosen and remembered; its puzzle solved with the buttons under the board
        page.click("#puzzles-game-piracy");
        page.await("a Piracy puzzle", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith("piracy-"));
        page.get(PAGE + "#/");
        page.driver().navigate().refresh();
        page.await("the page started again", d -> "true".equals(page.attribute("body", "data-ready")));
        page.click("#nav-puzzles");
        page.await("Piracy again, chosen last", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith("piracy-")
            && "true".equals(page.attribute("#puzzles-game-piracy", "aria-pressed")));
        assertEquals("1500", page.attribute("#puzzles-rating", "data-rating"));
        Puzzle puzzle = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        assertEquals(puzzle.position(), page.attribute("#puzzles-board", "data-position"));
        assertTrue(page.text("#puzzles-task").startsWith("Find the move that "), page.text("#puzzles-task"));
        for (int i = 0; i < puzzle.line().size(); i += 2) {
            String before = page.attribute("#puzzles-board", "data-position");
            String move = puzzle.line().get(i);
            page.click("#puzzles-turns button[data-sail='" + move.substring(0, 1) + "']");
            page.await("move " + (i / 2 + 1) + " judged right", d -> !page.attribute("#puzzles-board", "data-position")
                .equals(before));
            assertTrue(page.text("#puzzles-verdict").startsWith(move + " is right"), page.text("#puzzles-verdict"));
        }
        page.await("solved", d -> "solved".equals(page.attribute("#puzzles-puzzle", "data-result")));
        int rating = Integer.parseInt(page.attribute("#puzzles-rating", "data-rating"));
        assertTrue(rating > 1500, "the rating rose: " + rating);
        assertTrue(page.text("#puzzles-rating").contains("(+" + (rating - 1500) + ")"), page.text("#puzzles-rating"));
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", puzzle.line())),
            page.text("#puzzles-solution"));
        for (String marked : puzzle.line().stream().filter(m -> m.matches(".*[+!~#].*")).toList()) {
            assertTrue(page.text("#puzzles-solution").contains(marked + ": "), "the signs of " + marked + " in words: "
                + page.text("#puzzles-solution"));
        }
        String verdict = page.text("#puzzles-verdict");
        page.await("the verdict on the status line", d -> page.text("#status").equals(verdict));
        page.screenshot("puzzle-solved");

        // back to draughts: the Piracy verdict does not stay above the draughts puzzle
        page.click("#puzzles-game-draughts");
        page.await("the draughts puzzle", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith("draughts-")
            && "open".equals(page.attribute("#puzzles-puzzle", "data-result")));
        assertEquals("", page.text("#status"), "the status line emptied for the new puzzle");
        Puzzle next = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        int draughtsRating = Integer.parseInt(page.attribute("#puzzles-rating", "data-rating"));
        String wrong = next.start().legalMoves().stream().map(LegalMove::notation)
            .filter(m -> !m.equals(next.line().get(0))).findFirst().orElseThrow();
        page.typeAndEnter("#puzzles-move", wrong);
        page.await("failed", d -> "failed".equals(page.attribute("#puzzles-puzzle", "data-result")));
        assertTrue(page.text("#puzzles-verdict").startsWith("Not this one: " + wrong + " is legal, but "),
            page.text("#puzzles-verdict"));
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", next.line())));
        assertEquals("This puzzle is over: a move that was not the solution ended it.", page.text("#puzzles-task"));
        assertTrue(Integer.parseInt(page.attribute("#puzzles-rating", "data-rating")) < draughtsRating, "the rating fell");
        page.await("both draughts attempts in the history", d -> page.texts("#puzzles-history li").size() == 2);
        page.await("the verdict on the status line", d -> page.text("#status").startsWith("Not this one: "));
        page.screenshot("puzzle-failed");

        // another view: the puzzle's verdict does not follow the player there
        page.click("#nav-learn");
        page.await("the lessons", d -> page.text("#learn-progress").startsWith("Draughts: "));
        assertEquals("", page.text("#status"), "the status line emptied with the view");
    }

    /** Answers every solver move of the line by typing it, and waits until the attempt is solved. */
    private static void solveByTyping(Browser page, Puzzle puzzle) {
        for (int i = 0; i < puzzle.line().size(); i += 2) {
            String before = page.attribute("#puzzles-board", "data-position");
            page.typeAndEnter("#puzzles-move", puzzle.line().get(i));
            int step = i / 2 + 1;
            page.await("move " + step + " judged", d -> !page.attribute("#puzzles-board", "data-position").equals(before)
                || "solved".equals(page.attribute("#puzzles-puzzle", "data-result")));
        }
        page.await("solved", d -> "solved".equals(page.attribute("#puzzles-puzzle", "data-result")));
    }

    /** The puzzle's rating in an open attempt's title ("… · rated 1612"). */
    private static String rated(String title) {
        Matcher m = RATED.matcher(title);
        assertTrue(m.find(), title);
        return m.group(1);
    }

    private static String style(Browser page, String css, String property) {
        return String.valueOf(page.script("return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]];",
            css, property));
    }
}
