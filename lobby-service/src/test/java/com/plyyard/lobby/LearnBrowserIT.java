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
 * by typing moves (the same capture right under fmjd and refused under plyyard with the rules' own reason), the progress
 * counted, and a Piracy exercise where a legal move that misses the task is explained and the right one solves it.
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
        page.typeAndEnter("#learn-move", "47x12");
        page.await("right under fmjd", d -> page.text("#learn-verdict").startsWith("Right: all five take two pieces"));
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
        page.typeAndEnter("#learn-move", "47x8");
        page.await("solved", d -> "true".equals(page.attribute("#learn-exercise", "data-solved")));
        assertTrue(page.text("#learn-reply").contains("Exercise solved."), page.text("#learn-reply"));

        page.click("#learn-back");
        page.await("the progress counted", d -> page.text("#learn-progress").equals("Draughts: 1 of 18 exercises solved."));

        page.click("#learn-game-piracy");
        page.await("the Piracy lessons", d -> page.text("#learn-progress").equals("Piracy: 0 of 12 exercises solved."));
        page.click("li[data-exercise='piracy-port'] a");
        page.await("the exercise", d -> page.text("#learn-title").equals("Leaving a port"));
        page.typeAndEnter("#learn-move", "L");
        page.await("a legal move that misses the task, explained", d -> page.text("#learn-verdict").equals("Not this one: "
            + "Turning left from heading west points the bow south, off the board: the ship runs aground and sinks."));
        page.typeAndEnter("#learn-move", "R");
        page.await("solved", d -> "true".equals(page.attribute("#learn-exercise", "data-solved")));
        page.screenshot("learn-piracy");
    }
}
