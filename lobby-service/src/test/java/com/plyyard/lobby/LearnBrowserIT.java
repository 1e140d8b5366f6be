package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The Learn page (#/learn): a game's lessons with my progress, an exercise of two parts comparing the rule sets answered
 * on the board with the mouse as in a game, and by typing (the same capture right under fmjd and refused under plyyard
 * with the rules' own reason), the progress counted, a Ploy Shield stepping and turning by clicks, and a Piracy exercise
 * answered with the L, F, R buttons, where a legal move that misses the task is explained and the right one solves it.
 */
@QuarkusTest
class LearnBrowserIT extends BrowserTestBase {
    @Test
    void exercisesAnsweredOnThePage() {
        Browser page = browser("learn");
        registerIn(page, "lrn");
        page.click("#nav-learn");
        page.await("the draughts lessons", d -> page.text("#learn-progress").equals("Draughts: 0 of 18 exercises solved."));
        assertEquals("The board and the first move", page.texts("#learn-lessons h3").get(0));
        page.screenshot("learn-lessons");

        page.click("li[data-exercise='draughts-king-priority'] a");
        page.await("the exercise", d -> page.text("#learn-title").equals("On equal count, take the king"));
        assertTrue(page.text("#learn-part").startsWith("Part 1 of 2: Under fmjd"), page.text("#learn-part"));
        String start = page.attribute("#learn-board", "data-position");
        assertEquals("B:WK13,18,32,33,41,43,44,46,49,50:B30,35,K47", start);
        assertEquals("true", page.attribute("#learn-board", "data-clicks"), "the board takes moves");
        // a click that does nothing says why, as on the game board; then the king and where it goes
        page.click("#learn-board [data-square='12']");
        page.await("why nothing happened", d -> page.text("#learn-board-error")
            .equals("Square 12 is empty: click one of your pieces (Black) first."));
        page.click("#learn-board [data-square='47']");
        page.await("the king selected", d -> page.attribute("#learn-board [data-square='47']", "class").contains("selected"));
        page.click("#learn-board [data-square='12']");
        page.await("right under fmjd", d -> page.text("#learn-verdict").startsWith("Right: all five take two pieces"));
        assertEquals("", page.text("#learn-board-error"));
        page.await("the next part offered", d -> page.shown("#learn-next"));
        assertNotEquals(start, page.attribute("#learn-board", "data-position"), "the board shows the move played");

        page.click("#learn-next");
        page.await("part 2", d -> page.text("#learn-part").startsWith("Part 2 of 2: Under plyyard"));
        page.typeAndEnter("#learn-move", "47x12");
        page.await("refused under plyyard, with the rules' reason", d -> page.text("#learn-verdict").equals(
            "Not this one: 47x12 is not legal: capturing is compulsory and the longest capture takes 2 pieces; on equal"
                + " count the capture taking more kings is compulsory here, and these take 1 king (47x2, 47x8)."));
        assertEquals("false", page.attribute("#learn-exercise", "data-solved"), "a wrong answer can be retried");
        page.screenshot("learn-wrong");
        page.click("#learn-board [data-square='47']");
        page.click("#learn-board [data-square='8']");
        page.await("solved", d -> "true".equals(page.attribute("#learn-exercise", "data-solved")));
        assertTrue(page.text("#learn-reply").contains("Exercise solved."), page.text("#learn-reply"));

        page.click("#learn-back");
        page.await("the progress counted", d -> page.text("#learn-progress").equals("Draughts: 1 of 18 exercises solved."));

        // Ploy: the Shield on e3 steps to e4 and turns there, all by clicks (its turn on the compass)
        page.click("#learn-game-ploy");
        page.await("the Ploy lessons", d -> page.text("#learn-progress").startsWith("Ploy: 0 of "));
        page.click("li[data-exercise='ploy-shield-steps-and-turns'] a");
        page.await("the exercise", d -> page.text("#learn-title").equals("The Shield steps and turns"));
        page.click("#learn-board [data-square='e3']");
        page.click("#learn-board [data-square='e4']");
        page.await("the turn offered", d -> page.shown("#learn-chooser button.compass-dir[data-rotation='2']"));
        page.click("#learn-chooser button.compass-dir[data-rotation='2']");
        page.await("a step and a turn, right", d -> page.text("#learn-verdict")
            .equals("Right: one point north, then any of the eight directions."));
        page.await("solved", d -> "true".equals(page.attribute("#learn-exercise", "data-solved")));
        page.click("#learn-back");

        page.click("#learn-game-piracy");
        page.await("the Piracy lessons", d -> page.text("#learn-progress").equals("Piracy: 0 of 12 exercises solved."));
        page.click("li[data-exercise='piracy-port'] a");
        page.await("the exercise", d -> page.text("#learn-title").equals("Leaving a port"));
        page.await("the turn buttons", d -> page.shown("#learn-turns button[data-sail='L']"));
        page.click("#learn-turns button[data-sail='L']");
        page.await("a legal move that misses the task, explained", d -> page.text("#learn-verdict").equals("Not this one: "
            + "Turning left from heading west points the bow south, off the board: the ship runs aground and sinks."));
        page.click("#learn-turns button[data-sail='R']");
        page.await("solved", d -> "true".equals(page.attribute("#learn-exercise", "data-solved")));
        page.screenshot("learn-piracy");
    }
}
