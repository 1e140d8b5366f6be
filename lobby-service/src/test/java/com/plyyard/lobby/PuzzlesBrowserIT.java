package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.Position;
import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.proto.v1.AnswerPuzzleRequest;
import com.plyyard.proto.v1.DraughtsPiece;
import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.LearnServiceGrpc;
import com.plyyard.proto.v1.PiracyShip;
import com.plyyard.proto.v1.PloyPiece;
import com.plyyard.proto.v1.PuzzleAnswer;
import com.plyyard.proto.v1.PuzzleRefutation;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * The Puzzles page (#/puzzles). A new player starts on draughts, the chosen game marked (not only by its pressed state:
 * it looks chosen), and the page remembers the game chosen last. Today's puzzle solved, then opened again, shows as
 * solved, with the rating the puzzle had when it was met, not as a new task for the other side. A Piracy puzzle solved
 * with the L, F, R buttons under the board (no typing), the puzzle rating rising with its change shown; the status
 * line's verdict goes when another game's puzzle comes. A draughts puzzle failed by a legal move that gives the result
 * away, with the solution shown; all in my history; its verdict gone from the status line in the next view. And a
 * failed puzzle of each game played on the board: where the wrong move led (the position after it, then after the
 * refuting reply, named), then the solution stepped through position by position, each as the lobby's
 * {@code solution_states} and the engine's own line give it, drawn square by square from that state.
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

    @Test
    void aFailedPuzzlePlayedOnTheBoard() {
        Browser page = browser("puzzles-failed");
        registerIn(page, "pzf");
        String token = (String) page.script("return localStorage.getItem('plyyard.token');");
        Metadata md = new Metadata();
        md.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
        LearnServiceGrpc.LearnServiceBlockingStub learn = LearnServiceGrpc.newBlockingStub(channel)
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
        page.click("#nav-puzzles");
        page.await("a draughts puzzle", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith("draughts-"));
        for (String game : List.of("draughts", "ploy", "piracy")) {
            failAndStepThrough(page, learn, game);
        }
        // the lists of positions wrap on a phone's width
        page.driver().manage().window().setSize(new Dimension(375, 812));
        page.await("the narrow window", d -> ((Number) page.script("return window.innerWidth;")).intValue() <= 375);
        assertFitsWidth(page, "a failed puzzle at 375 px");
    }

    /**
     * Fails the game's puzzle with a legal move that is not the solution (one that leaves the game going, where there is
     * one), then checks the board against the stored answer (the retried call gets it back) and the engine: where the
     * wrong move led, the reply named and shown, then every position of the solution with its move marked in the list,
     * stepped with the buttons, the arrow keys and the list.
     */
    private static void failAndStepThrough(Browser page, LearnServiceGrpc.LearnServiceBlockingStub learn, String game) {
        page.click("#puzzles-game-" + game);
        page.await("a " + game + " puzzle", d -> page.attribute("#puzzles-puzzle", "data-puzzle").startsWith(game + "-")
            && "open".equals(page.attribute("#puzzles-puzzle", "data-result")));
        assertFalse(page.shown("#puzzles-stepper"), "nothing to step through while the puzzle is open");
        assertEquals("", page.attribute("#puzzles-puzzle", "data-frame"));
        String attempt = page.attribute("#puzzles-puzzle", "data-attempt");
        Puzzle puzzle = Puzzles.get(page.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        Position start = puzzle.start();
        String right = start.play(puzzle.line().get(0)).notation();
        List<String> wrongs = start.legalMoves().stream().map(LegalMove::notation)
            .filter(m -> !start.play(m).notation().equals(right)).toList();
        String wrong = wrongs.stream().filter(m -> !start.play(m).isOver()).findFirst().orElse(wrongs.get(0));
        page.typeAndEnter("#puzzles-move", wrong);
        page.await(game + ": failed", d -> "failed".equals(page.attribute("#puzzles-puzzle", "data-result")));

        PuzzleAnswer stored = learn.answerPuzzle(AnswerPuzzleRequest.newBuilder().setAttemptId(attempt).setStep(0)
            .setMove(wrong).build());
        assertTrue(stored.getRepeated(), "the stored answer");
        PuzzleRefutation r = stored.getRefutation();
        Position afterWrong = start.play(wrong);

        // where the wrong move led: the position after it, the reply named
        page.await(game + ": the position after the wrong move", d -> "wrong".equals(page.attribute("#puzzles-puzzle",
            "data-frame")));
        assertEquals(afterWrong.notation(), r.getAfterMove().getPosition());
        assertBoardShows(page, r.getAfterMove(), game + " after " + wrong);
        assertCurrent(page, "wrong");
        List<String> keys = new ArrayList<>(List.of("wrong"));
        if (afterWrong.isOver()) {
            assertTrue(page.text("#puzzles-refutation").startsWith("Your " + wrong + " ends the game"),
                page.text("#puzzles-refutation"));
        } else {
            String reply = r.getReply();
            assertFalse(reply.isEmpty(), game + ": ai-service answers the wrong move");
            String side = capital(r.getAfterMove().getSeats(r.getAfterMove().getToMove()).getColour());
            String named = "After your " + wrong + ", " + side + " answers " + reply + ".";
            assertTrue(page.text("#puzzles-refutation").startsWith(named), page.text("#puzzles-refutation"));
            if (game.equals("piracy") && wrong.matches(".*[+!~#].*")) {
                assertTrue(page.text("#puzzles-refutation").contains(" " + wrong + ": "), "the wrong move's signs in words: "
                    + page.text("#puzzles-refutation"));
            }
            assertTrue(afterWrong.legalMoves().stream().anyMatch(m -> m.notation().equals(reply)), reply + " is legal");
            page.click("#puzzles-step-next");
            assertEquals("reply", page.attribute("#puzzles-puzzle", "data-frame"));
            assertEquals(afterWrong.play(reply).notation(), page.attribute("#puzzles-board", "data-position"));
            assertBoardShows(page, r.getAfterReply(), game + " after the reply " + reply);
            assertCurrent(page, "reply");
            assertTrue(page.text("#puzzles-at").startsWith("After your " + wrong + ", " + side + " answers " + reply),
                page.text("#puzzles-at"));
            keys.add("reply");
        }
        page.screenshot(game.equals("draughts") ? "puzzle-refuted" : "puzzle-refuted-" + game);

        // the solution, position by position: the lobby's states, the engine's line
        List<GameState> states = stored.getAttempt().getSolutionStatesList();
        List<String> line = puzzle.line();
        assertEquals(line.size() + 1, states.size());
        Position p = start;
        for (int k = 0; k <= line.size(); k++) {
            if (k > 0) {
                p = p.play(line.get(k - 1));
            }
            page.click("#puzzles-step-next");
            String key = "s" + k;
            assertEquals(key, page.attribute("#puzzles-puzzle", "data-frame"));
            assertEquals(p.notation(), states.get(k).getPosition(), "the lobby's state " + k + " is the line's");
            assertBoardShows(page, states.get(k), game + " solution step " + k);
            assertCurrent(page, key);
            keys.add(key);
            if (k == 1 && game.equals("draughts")) {
                page.screenshot("puzzle-solution");
            }
        }
        assertEquals(keys, page.all("#puzzles-steps li[data-frame]").stream().map(e -> e.getDomAttribute("data-frame"))
            .toList(), "a list item per position");
        assertFalse(page.find("#puzzles-step-next").isEnabled(), "nothing after the solution's end");
        assertTrue(page.text("#puzzles-solution").startsWith("Solution: " + String.join(" ", line)), "the text kept");

        // the arrow keys, the first and last buttons, and the list
        page.click("#puzzles-step-prev");
        new Actions(page.driver()).sendKeys(Keys.ARROW_RIGHT).perform();
        page.await("the right arrow steps on", d -> ("s" + line.size()).equals(page.attribute("#puzzles-puzzle",
            "data-frame")));
        new Actions(page.driver()).sendKeys(Keys.ARROW_LEFT).perform();
        page.await("the left arrow steps back", d -> ("s" + (line.size() - 1)).equals(page.attribute("#puzzles-puzzle",
            "data-frame")));
        assertBoardShows(page, states.get(line.size() - 1), game + " a step back");
        page.click("#puzzles-step-first");
        assertEquals("wrong", page.attribute("#puzzles-puzzle", "data-frame"));
        assertFalse(page.find("#puzzles-step-prev").isEnabled(), "nothing before the first");
        page.click("#puzzles-step-last");
        assertBoardShows(page, states.get(line.size()), game + " the last");
        page.click("#puzzles-steps li[data-frame='s0'] button");
        assertBoardShows(page, states.get(0), game + " the start, from the list");
        assertEquals(puzzle.position(), page.attribute("#puzzles-board", "data-position"));
        assertEquals("false", page.attribute("#puzzles-board", "data-clicks"), "the board takes no move");
    }

    /** The list item of {@code key} is the one marked, and only it. */
    private static void assertCurrent(Browser page, String key) {
        assertEquals(List.of(key), page.all("#puzzles-steps li.current").stream()
            .map(e -> e.getDomAttribute("data-frame")).toList());
        assertEquals("step", page.attribute("#puzzles-steps li[data-frame='" + key + "'] button", "aria-current"));
    }

    /**
     * The puzzle board shows {@code state}: its position, and square by square what the state holds — each draughts
     * square's man or king, each Ploy point's piece by its controller's colour and kind, each Piracy ship's bow and
     * stern — and nothing elsewhere.
     */
    @SuppressWarnings("unchecked")
    private static void assertBoardShows(Browser page, GameState state, String what) {
        assertEquals(state.getPosition(), page.attribute("#puzzles-board", "data-position"), what);
        Map<String, String> labels = (Map<String, String>) page.script("const o = {};"
            + " for (const b of document.querySelectorAll('#puzzles-board [data-square]'))"
            + " o[b.dataset.square] = b.getAttribute('aria-label'); return o;");
        Function<String, String> label = key -> labels.getOrDefault(key, "");
        switch (state.getBoardCase()) {
            case DRAUGHTS -> {
                Map<Integer, DraughtsPiece> at = state.getDraughts().getPiecesList().stream()
                    .collect(Collectors.toMap(DraughtsPiece::getSquare, x -> x));
                for (int sq = 1; sq <= 50; sq++) {
                    DraughtsPiece x = at.get(sq);
                    String expected = sq + ", " + (x == null ? "empty"
                        : (x.getWhite() ? "white " : "black ") + (x.getKing() ? "king" : "man"));
                    assertTrue(label.apply(String.valueOf(sq)).startsWith(expected), what + ": " + label.apply(
                        String.valueOf(sq)) + ", not " + expected);
                }
            }
            case PLOY -> {
                Map<String, PloyPiece> at = state.getPloy().getPiecesList().stream()
                    .collect(Collectors.toMap(PloyPiece::getPoint, x -> x));
                for (char f = 'a'; f <= 'i'; f++) {
                    for (int rank = 1; rank <= 9; rank++) {
                        String point = "" + f + rank;
                        PloyPiece x = at.get(point);
                        String expected = point + ", " + (x == null ? "empty"
                            : state.getSeats(x.getController()).getColour() + " " + x.getKind() + " pointing");
                        assertTrue(label.apply(point).startsWith(expected), what + ": " + label.apply(point) + ", not "
                            + expected);
                    }
                }
            }
            case PIRACY -> {
                Map<String, String> parts = new HashMap<>();
                for (Map.Entry<String, PiracyShip> ship : Map.of("cook", state.getPiracy().getCook(), "silver",
                    state.getPiracy().getSilver()).entrySet()) {
                    if (!ship.getValue().getSunk()) {
                        PiracyShip x = ship.getValue();
                        parts.put(x.getBow().getX() + "," + x.getBow().getY(), ship.getKey() + "'s bow");
                        parts.put(x.getStern().getX() + "," + x.getStern().getY(), ship.getKey() + "'s stern");
                    }
                }
                for (Map.Entry<String, String> e : labels.entrySet()) {
                    String part = parts.get(e.getKey());
                    if (part == null) {
                        assertFalse(e.getValue().contains("'s bow") || e.getValue().contains("'s stern"), what + ": "
                            + e.getKey() + " " + e.getValue());
                    } else {
                        assertTrue(e.getValue().contains(part), what + ": " + e.getKey() + " " + e.getValue() + ", not "
                            + part);
                    }
                }
            }
            default -> throw new AssertionError(what + ": no board");
        }
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
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
