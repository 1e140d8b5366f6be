package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.PageChecks;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GameSpec;
import com.plyyard.proto.v1.JoinPoolRequest;
import com.plyyard.proto.v1.PoolTicket;
import com.plyyard.proto.v1.PoolTicketRequest;
import com.plyyard.proto.v1.TimeControl;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Four-player Ploy free-for-all in three browsers and one AI seat: each joins the free-for-all pool from the lobby
 * page allowing an AI to fill the fourth seat, follows the pairing into the match, and plays with the mouse (clicks
 * that do nothing say why; the coordinates stay visible outside the board, turned for the seats at the top); the move
 * list is numbered by rounds as the record is; then the three resign in turn, each confirming in the page (a first
 * resignation is called off), and the AI is the last one standing, which every page shows.
 */
@QuarkusTest
class PloyBrowserIT extends BrowserTestBase {
    private static final String VARIANT = "ploy:3m:ffa";

    @Test
    void threeBrowsersAndAnAiPlayAFreeForAll() {
        List<Browser> players = List.of(browser("ploy-a"), browser("ploy-b"), browser("ploy-c"));
        List<String> names = players.stream().map(b -> registerIn(b, "pf")).toList();
        // every page ready first, then the three join together: AI players fill a pool's missing seats after 2 s
        // here, so joins spread over a busy machine could leave the last browser to a match of its own
        for (Browser b : players) {
            b.await("the lobby is live", d -> !b.all("button[data-pool=\"" + VARIANT + "\"]").isEmpty()
                && b.text("#lobby-connection").trim().equals("live"));
            if (!b.find("#pool-ai-fill").isSelected()) {
                b.click("#pool-ai-fill");
            }
        }
        for (Browser b : players) {
            b.click("button[data-pool=\"" + VARIANT + "\"]");
        }
        String id = matchId(players.get(0));
        for (Browser b : players) {
            assertEquals(id, matchId(b), "every browser follows the pairing into the same match");
        }
        TestPlayer reader = register("pf-reader");
        Match m = reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(4, m.getSeatsCount());
        Set<String> seated = new HashSet<>();
        int ai = 0;
        for (var seat : m.getSeatsList()) {
            if (seat.getKind() == SeatKind.SEAT_AI) {
                ai++;
            } else {
                seated.add(seat.getPlayer().getName());
            }
        }
        assertEquals(1, ai, "one AI seat");
        assertEquals(Set.copyOf(names), seated);

        // the coordinates outside the board, none hidden by a piece; turned round for Red and Yellow (at the top)
        for (int i = 0; i < players.size(); i++) {
            Browser b = players.get(i);
            String colour = seatColour(m, names.get(i));
            b.await("the board drawn", d -> b.all("#board .files span").size() == 9);
            List<String> files = b.texts("#board .files span");
            boolean turned = colour.equals("red") || colour.equals("yellow");
            assertEquals(turned ? List.of("i", "h", "g", "f", "e", "d", "c", "b", "a")
                : List.of("a", "b", "c", "d", "e", "f", "g", "h", "i"), files, colour);
            assertEquals(List.of(), PageChecks.covered(b, "#board .files span, #board .ranks span"), colour);
        }
        Browser first = players.get(0);
        first.await("the rules panel", d -> first.text("#rules-title").equals("How to play Ploy"));
        assertTrue(first.text("#rules-body").contains("Commander (octagon, 4 lines): 1 point"), first.text("#rules-body"));
        assertTrue(first.text("#moves-legend").contains("r1…r7 turn clockwise"), first.text("#moves-legend"));

        // clicks that do nothing say why: not my turn; not my piece; a point the selected piece cannot reach
        players.get(0).await("a browser's turn", d -> players.stream().anyMatch(b -> !legalMoves(b).isEmpty()));
        Browser toMove = players.stream().filter(b -> !legalMoves(b).isEmpty()).findFirst().orElseThrow();
        Browser waiting = players.stream().filter(b -> b != toMove).findFirst().orElseThrow();
        Match now = reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        int moverSeat = now.getState().getToMove();
        String moverColour = now.getSeats(moverSeat).getColour();
        String waitingColour = seatColour(now, names.get(players.indexOf(waiting)));
        String own = now.getState().getPloy().getPiecesList().stream()
            .filter(p -> p.getController() == seatIndex(now, waitingColour)).findFirst().orElseThrow().getPoint();
        waiting.click("[data-square=\"" + own + "\"]");
        waiting.await("not my turn", d -> waiting.text("#board-error").startsWith("Not your turn: "
            + capital(moverColour) + " ("));
        String foreign = now.getState().getPloy().getPiecesList().stream().filter(p -> p.getController() != moverSeat)
            .findFirst().orElseThrow().getPoint();
        toMove.click("[data-square=\"" + foreign + "\"]");
        toMove.await("not my piece", d -> toMove.text("#board-error").endsWith("you move " + capital(moverColour) + "'s pieces."));
        List<String> legalNow = legalMoves(toMove);
        String from = legalNow.get(0).substring(0, 2);
        Set<String> reachable = new HashSet<>();
        Set<String> froms = new HashSet<>();
        for (String mv : legalNow) {
            froms.add(mv.substring(0, 2));
            if (mv.startsWith(from) && mv.length() >= 5 && (mv.charAt(2) == '-' || mv.charAt(2) == 'x')) {
                reachable.add(mv.substring(3, 5));
            }
        }
        String unreachable = null;
        for (char f = 'a'; f <= 'i' && unreachable == null; f++) {
            for (int r = 1; r <= 9 && unreachable == null; r++) {
                String point = "" + f + r;
                boolean far = Math.max(Math.abs(f - from.charAt(0)), Math.abs(r - (from.charAt(1) - '0'))) >= 2;
                if (far && !froms.contains(point) && !reachable.contains(point)) {
                    unreachable = point;
                }
            }
        }
        String target = unreachable;
        toMove.click("[data-square=\"" + from + "\"]");
        toMove.click("[data-square=\"" + target + "\"]");
        toMove.await("why the piece cannot go there", d -> toMove.text("#board-error").startsWith("The ")
            && toMove.text("#board-error").contains(" on " + from + " cannot go to " + target));
        toMove.screenshot("ploy-why-not");

        // four rounds, every browser move made with the mouse: the piece, then a legal destination
        int browserMoves = 0;
        while (browserMoves < 12) {
            Browser mover = players.stream().filter(b -> !legalMoves(b).isEmpty()).findFirst().orElse(null);
            if (mover == null) {
                players.get(0).await("a browser's turn", d -> players.stream().anyMatch(b -> !legalMoves(b).isEmpty()));
                continue;
            }
            clickPloyMove(mover, legalMoves(mover));
            browserMoves++;
        }
        players.get(0).script("window.scrollTo(0, 0);");
        players.get(0).screenshot("ploy");
        // once a browser is to move nothing changes until it moves: the list is compared with the stored moves then
        players.get(0).await("a browser's turn", d -> players.stream().anyMatch(b -> !legalMoves(b).isEmpty()));
        assertMoveRowsAsTheRecord(players.get(1), reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build()));

        // a resignation is confirmed in the page: called off once, nothing happens
        Browser hesitant = players.get(0);
        long unchanged = version(hesitant);
        hesitant.click("#resign");
        hesitant.await("the question", d -> hesitant.shown("#resign-confirm"));
        hesitant.screenshot("ploy-resign-confirm");
        hesitant.click("#resign-no");
        hesitant.await("the question gone", d -> !hesitant.shown("#resign-confirm"));
        assertEquals("active", status(hesitant));
        assertTrue(reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build()).getState().getSeatsList()
            .stream().noneMatch(s -> s.getOut()), "nobody resigned");
        assertTrue(version(hesitant) >= unchanged);

        // the three resign in turn: the AI is the last one standing
        for (Browser b : players) {
            long before = version(b);
            b.click("#resign");
            b.click("#resign-yes");
            b.await("the resignation applied", d -> version(b) > before);
        }
        Match end = reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(EndReason.LAST_STANDING, end.getResult().getReason());
        for (Browser b : players) {
            b.await("the result shown", d -> b.text("#result").trim().equals(end.getResult().getDescription()));
            assertEquals("finished", status(b));
        }
        assertTrue(moveList(players.get(1)).size() >= 12);
    }

    /**
     * Team Ploy with a party of two: the leader invites the partner by name, the partner's page offers the invitation
     * (from the lobby stream) and joins, the leader's page sees it and queues the party in the team pool with AI
     * players allowed; both pages open the match, where the two are partners.
     */
    @Test
    void aPartyOfTwoPlaysTeamPloy() {
        Browser leader = browser("team-leader");
        Browser partner = browser("team-partner");
        String leaderName = registerIn(leader, "tl");
        String partnerName = registerIn(partner, "tp");
        leader.type("#party-invite", partnerName);
        leader.click("#party-create");
        leader.await("the party shown", d -> leader.text("[data-party-id]").contains("invited: " + partnerName));
        partner.click("#party-accept");
        leader.await("the leader sees the partner join", d -> {
            String party = leader.text("[data-party-id]");
            return party.contains(partnerName) && !party.contains("invited");
        });
        if (!leader.find("#pool-ai-fill").isSelected()) {
            leader.click("#pool-ai-fill");
        }
        leader.click("button[data-pool=\"ploy:3m:team\"]");
        String id = matchId(leader);
        assertEquals(id, matchId(partner), "the partner follows the pairing into the same match");

        Match m = register("tl-reader").matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        int leaderSeat = -1;
        int partnerSeat = -1;
        for (var seat : m.getSeatsList()) {
            if (seat.getKind() == SeatKind.SEAT_PLAYER && seat.getPlayer().getName().equals(leaderName)) {
                leaderSeat = seat.getIndex();
            } else if (seat.getKind() == SeatKind.SEAT_PLAYER && seat.getPlayer().getName().equals(partnerName)) {
                partnerSeat = seat.getIndex();
            }
        }
        assertTrue(leaderSeat >= 0 && partnerSeat >= 0, m.getSeatsList().toString());
        assertEquals(m.getState().getSeats(leaderSeat).getTeam(), m.getState().getSeats(partnerSeat).getTeam(),
            "the party plays as partners");
        assertEquals(2, m.getSeatsList().stream().filter(s -> s.getKind() == SeatKind.SEAT_AI).count(),
            "the other team: AI players");
        leader.await("the team game shown", d -> status(leader).equals("active"));
        leader.await("the rules of the team game", d -> leader.text("#rules-body").contains("the partner takes over their pieces"));
        leader.screenshot("ploy-team");
    }

    /**
     * A four-player pool wait says how many are waiting: my ticket's line counts the players in the pool (1 of 4, then 2
     * of 4 when another player joins it), from the lobby stream's pool sizes.
     */
    @Test
    void aFourPlayerPoolWaitCountsThePlayersWaiting() {
        String variant = "ploy:imperium:ffa";
        Browser b = browser("ploy-pool-wait");
        registerIn(b, "pw");
        b.await("the lobby is live", d -> b.text("#lobby-connection").trim().equals("live"));
        assertTrue(!b.find("#pool-ai-fill").isSelected(), "no AI fill: the pool waits for people");
        b.click("button[data-pool=\"" + variant + "\"]");
        b.await("my ticket, alone in the pool", d -> b.text("#my-tickets li").contains(": 1 of 4 players here, 3 more to come."));
        TestPlayer other = register("pw-other");
        PoolTicket ticket = other.mm().joinPool(JoinPoolRequest.newBuilder().setGame(GameSpec.newBuilder().setVariant(variant)
            .setTimeControl(TimeControl.newBuilder().setInitialSeconds(300).setIncrementSeconds(3))).build());
        b.await("the other player counted", d -> b.text("#my-tickets li").contains(": 2 of 4 players here, 2 more to come."));
        assertEquals("2", b.attribute("#my-tickets li", "data-waiting"));
        assertEquals("2 waiting", b.text("button[data-pool=\"" + variant + "\"] .pool-count"));
        b.screenshot("ploy-pool-wait");
        other.mm().leavePool(PoolTicketRequest.newBuilder().setTicketId(ticket.getId()).build());
        b.await("the other player gone", d -> b.text("#my-tickets li").contains(": 1 of 4 players here, 3 more to come."));
        b.click("#my-tickets button.leave");
        b.await("my ticket gone", d -> !b.shown("#my-tickets"));
    }

    private static String seatColour(Match m, String name) {
        return m.getSeatsList().stream().filter(s -> s.getKind() == SeatKind.SEAT_PLAYER && s.getPlayer().getName().equals(name))
            .findFirst().orElseThrow().getColour();
    }

    private static int seatIndex(Match m, String colour) {
        return m.getSeatsList().stream().filter(s -> s.getColour().equals(colour)).findFirst().orElseThrow().getIndex();
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * The move list as the Ploy record numbers it: a row per round (a round starts when the seat to move comes round
     * again), labelled "1.", "2.", …, each ply in its seat's column (seats in increasing order within a row).
     */
    private static void assertMoveRowsAsTheRecord(Browser b, Match m) {
        List<List<String>> rounds = new ArrayList<>();
        int last = Integer.MAX_VALUE;
        for (var mm : m.getMovesList()) {
            if (mm.getSeat() <= last) {
                rounds.add(new ArrayList<>());
            }
            rounds.get(rounds.size() - 1).add(mm.getMove().getNotation());
            last = mm.getSeat();
        }
        b.await("every move listed", d -> moveList(b).size() == m.getMovesCount());
        List<String> labels = b.texts("#moves .moves-row .move-no");
        assertEquals(rounds.size(), labels.size(), "a row per round: " + labels);
        for (int i = 0; i < rounds.size(); i++) {
            assertEquals((i + 1) + ".", labels.get(i));
            assertEquals(rounds.get(i), b.texts("#moves .moves-row:nth-child(" + (i + 1) + ") [data-ply]"), "round " + (i + 1));
        }
        assertEquals(4, b.all("#moves-head .head-cell").size(), "a column per seat");
        assertTrue(!PageChecks.overflowsSideways(b, "#moves-box"), "the move list does not spill sideways");
    }

    /**
     * A Ploy move by mouse: click the piece, then the destination (a rotation in place: the piece again, then the
     * direction mark that gives the move's rotation). Prefers moves to another point.
     */
    private static void clickPloyMove(Browser b, List<String> legal) {
        String move = legal.stream().filter(m -> m.matches("[a-i][1-9]-[a-i][1-9].*")).findFirst().orElse(legal.get(0));
        long before = version(b);
        String from = move.substring(0, 2);
        b.click("[data-square=\"" + from + "\"]");
        if (move.length() >= 5 && move.charAt(2) == '-') {
            String to = move.substring(3, 5);
            b.click("[data-square=\"" + to + "\"]");
            // a move that may also turn the piece asks how: "move without turning" is the chooser's first choice
            b.await("the move made or its turn asked", d -> version(b) > before || b.shown("#chooser [data-rotation]"));
            if (version(b) == before && b.shown("#chooser [data-rotation]")) {
                b.click("#chooser [data-rotation]");
            }
        } else {
            b.typeAndEnter("#move-input", move);
        }
        b.await("the Ploy move " + move + " applied", d -> version(b) > before);
    }
}
