package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.PageChecks;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.ListLegalMovesRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Move;
import com.plyyard.proto.v1.PiracyBoard;
import com.plyyard.proto.v1.PiracyShip;
import com.plyyard.proto.v1.Player;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Piracy in the browser. A whole game against the AI on a phone-sized screen (375 px), playing Silver: created from the
 * lobby page, played to the end with the L/F/R buttons, which are enabled exactly for the legal turns and marked when
 * they sink the player's own ship; the board turned round with its compass rose, coordinates and headings as they
 * point on the screen; no part of the page wider than the screen. And a position where every move sinks the ship:
 * the page says so before the move, still lets it be played, and says in words what the move's {@code ~} means (the
 * mover's own ship ran aground and sank).
 */
@QuarkusTest
class PiracyBrowserIT extends BrowserTestBase {
    private static final List<String> HEADINGS = List.of("E", "NE", "N", "NW", "W", "SW", "S", "SE");
    /** Arrows by direction on the screen, in the headings' order. */
    private static final List<String> ARROWS = List.of("→", "↗", "↑", "↖", "←", "↙", "↓", "↘");

    @Test
    void aWholeGameOnAPhone() {
        Browser phone = phone("piracy-phone");
        registerIn(phone, "pp");
        assertFitsWidth(phone, "the lobby");
        selectValue(phone, "#ai-variant", "piracy:classic");
        selectValue(phone, "#ai-seat", "1");
        selectValue(phone, "#ai-level", "1");
        phone.click("#ai-create");
        String id = matchId(phone);
        phone.await("the game started", d -> status(phone).equals("active"));
        assertFitsWidth(phone, "the Piracy game");
        TestPlayer reader = register("pp-reader");

        // Silver's board is turned round: north at the bottom of the compass rose, h..a under the board, 1..8 downwards,
        // and the coordinates outside the sea where no ship hides them
        phone.await("the compass turned", d -> "down".equals(phone.attribute("#piracy-compass", "data-north")));
        assertEquals(List.of("h", "g", "f", "e", "d", "c", "b", "a"), phone.texts("#board .files span"));
        assertEquals(List.of("1", "2", "3", "4", "5", "6", "7", "8"), phone.texts("#board .ranks span"));
        assertEquals(List.of(), PageChecks.covered(phone, "#board .files span, #board .ranks span"));
        phone.await("the rules panel", d -> phone.text("#rules-title").equals("How to play Piracy"));
        String rules = phone.text("#rules-body");
        for (String told : List.of("turn run", "7 hits", "aground (~)", "north is at the bottom of your screen")) {
            assertTrue(rules.contains(told), told + " in " + rules);
        }
        assertTrue(phone.text("#moves-legend").contains("~ ran aground"), phone.text("#moves-legend"));

        int moves = 0;
        while (true) {
            List<String> legal = awaitTurnOrEnd(phone);
            if (legal.isEmpty()) {
                break;
            }
            Match now = reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
            List<Move> details = reader.matches().listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(id).build())
                .getMovesList();
            assertTurnButtons(phone, now.getState().getPiracy(), details);
            assertHeadingsAsShown(phone, now.getState().getPiracy(), true);
            // a ship that runs aground sinks: sail on where the sea allows, so that the game is a real one
            List<String> afloat = legal.stream().filter(m -> !m.contains("~")).toList();
            String move = afloat.isEmpty() ? legal.get(0) : afloat.get(moves % afloat.size());
            long before = version(phone);
            phone.click("button[data-turn=\"" + move.substring(0, 1) + "\"]");
            phone.await("the turn " + move + " applied", d -> version(phone) > before || status(phone).equals("finished"));
            moves++;
            if (moves == 3) {
                phone.script("document.querySelector('#board').scrollIntoView({block: 'start'});");
                phone.screenshot("piracy");
            }
        }
        Match end = reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        phone.await("the result shown", d -> phone.text("#result").trim().equals(end.getResult().getDescription()));
        List<String> notations = end.getMovesList().stream().map(m -> m.getMove().getNotation()).toList();
        phone.await("every move listed", d -> moveList(phone).equals(notations));
        assertTrue(moves > 0);
        assertFitsWidth(phone, "the finished Piracy game");
        phone.screenshot("piracy-end");
    }

    /**
     * Cook sails into the a-file facing west while Silver keeps away (a fixed line: on the default island d5-e6, Cook
     * F L L L, Silver L L R F): then each of L, F and R runs aground. The page says that every move sinks the ship,
     * marks each button, keeps them enabled (the moves are legal), and shows Cook sunk after one is played.
     */
    @Test
    void everyMoveSinksTheShipAndThePageSaysSo() {
        Browser page = browser("piracy-sinking");
        String name = registerIn(page, "ps");
        String token = (String) page.script("return localStorage.getItem('plyyard.token');");
        TestPlayer cook = TestPlayer.of(channel, Player.newBuilder().setName(name).build(), token);
        TestPlayer silver = register("ps-silver");
        Match m = cook.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("piracy:classic")
            .addSeats(me()).addSeats(invite(silver)).build());
        String id = m.getId();
        silver.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(id).build());
        page.get(PAGE + "#/match/" + id);
        page.await("the game started", d -> status(page).equals("active"));
        page.await("north at the top for Cook", d -> "up".equals(page.attribute("#piracy-compass", "data-north")));
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h"), page.texts("#board .files span"));

        String[][] line = {{"F", "L"}, {"L", "L"}, {"L", "R"}, {"L", "F"}};
        for (String[] pair : line) {
            List<String> legal = awaitTurnOrEnd(page);
            assertTrue(legal.stream().anyMatch(x -> x.startsWith(pair[0]) && !x.contains("~")), pair[0] + " in " + legal);
            long before = version(page);
            page.click("button[data-turn=\"" + pair[0] + "\"]");
            page.await("Cook's " + pair[0] + " applied", d -> version(page) > before);
            Match now = silver.get(id);
            silver.move(now, pair[1]);
        }
        List<String> legal = awaitTurnOrEnd(page);
        assertEquals(3, legal.size(), legal.toString());
        assertTrue(legal.stream().allMatch(x -> x.endsWith("~")), "every move runs aground: " + legal);
        page.await("the warning", d -> page.text("#board-note").startsWith("Every move sinks your ship:"));
        for (String turn : List.of("L", "F", "R")) {
            assertTrue(page.text("#board-note").contains(turn + " runs aground"), page.text("#board-note"));
            String button = "button[data-turn=\"" + turn + "\"]";
            assertTrue(page.find(button).isEnabled(), turn + " is legal, so it stays enabled");
            assertEquals("true", page.attribute(button, "data-sinks"), turn);
        }
        Match before = silver.get(id);
        assertHeadingsAsShown(page, before.getState().getPiracy(), false);
        page.script("document.querySelector('#board').scrollIntoView({block: 'start'});");
        page.screenshot("piracy-every-move-sinks");

        long at = version(page);
        page.click("button[data-turn=\"F\"]");
        page.await("the move played", d -> version(page) > at);
        page.await("Cook shown sunk", d -> page.text("[data-ship=\"cook\"]").contains("sunk"));
        // F~ in words: the mover's own ship ran aground and sank, under the move list and on the move itself
        String sank = "F~: Cook sailed straight on and ran aground (~): Cook's own ship sank.";
        page.await("the move explained", d -> page.text("#move-explain").equals(sank));
        assertEquals(sank, page.attribute("#moves .ply.latest", "title"));
        assertTrue(page.text("#moves-legend").contains("~ ran aground: the mover's own ship sank"), page.text("#moves-legend"));
        page.await("Silver's survival moves", d -> page.text("#piracy-info .survival").contains("7 more moves"));
        assertTrue(silver.get(id).getState().getPiracy().getCook().getSunk());
    }

    /** The L / F / R buttons: enabled exactly for the legal turns, marked exactly when they sink the mover's ship. */
    private static void assertTurnButtons(Browser b, PiracyBoard board, List<Move> legal) {
        PiracyShip mine = board.getCookToMove() ? board.getCook() : board.getSilver();
        for (String turn : List.of("L", "F", "R")) {
            Move move = legal.stream().filter(m -> m.getPiracy().getTurn().equals(turn)).findFirst().orElse(null);
            String button = "button[data-turn=\"" + turn + "\"]";
            assertEquals(move != null, b.find(button).isEnabled(), turn + " with " + legal);
            if (move != null) {
                boolean sinks = move.getPiracy().getAground() || mine.getHits() + move.getPiracy().getPenalties() >= 7;
                assertEquals(String.valueOf(sinks), b.attribute(button, "data-sinks"), turn + ": " + move);
            }
        }
        boolean allSink = legal.stream().allMatch(m -> m.getPiracy().getAground()
            || mine.getHits() + m.getPiracy().getPenalties() >= 7);
        assertEquals(allSink, b.text("#board-note").startsWith("Every move sinks your ship"), b.text("#board-note"));
    }

    /** Each ship afloat: its heading by name, and the arrow of that heading as it points on this screen. */
    private static void assertHeadingsAsShown(Browser b, PiracyBoard board, boolean turned) {
        for (var ship : List.of(java.util.Map.entry("cook", board.getCook()), java.util.Map.entry("silver", board.getSilver()))) {
            if (ship.getValue().getSunk()) {
                continue;
            }
            int h = ship.getValue().getHeading();
            String css = "[data-ship=\"" + ship.getKey() + "\"] .heading";
            b.await(ship.getKey() + " heading " + HEADINGS.get(h), d -> HEADINGS.get(h).equals(b.attribute(css, "data-heading")));
            assertEquals(ARROWS.get(turned ? (h + 4) % 8 : h), b.attribute(css, "data-arrow"), ship.getKey());
        }
    }
}
