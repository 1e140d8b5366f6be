package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.EndReason;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Four-player Ploy free-for-all in three browsers and one AI seat: each joins the free-for-all pool from the lobby
 * page allowing an AI to fill the fourth seat, follows the pairing into the match, and plays with the mouse; then the
 * three resign in turn and the AI is the last one standing, which every page shows.
 */
@Timeout(600)
@QuarkusTest
class PloyBrowserIT extends BrowserTestBase {
    private static final String VARIANT = "ploy:3m:ffa";

    @Test
    void threeBrowsersAndAnAiPlayAFreeForAll() {
        List<Browser> players = List.of(browser("ploy-a"), browser("ploy-b"), browser("ploy-c"));
        List<String> names = players.stream().map(b -> registerIn(b, "pf")).toList();
        for (Browser b : players) {
            b.await("the lobby is live", d -> !b.all("button[data-pool=\"" + VARIANT + "\"]").isEmpty());
            if (!b.find("#pool-ai-fill").isSelected()) {
                b.click("#pool-ai-fill");
            }
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
        players.get(0).screenshot("ploy");

        // the three resign in turn: the AI is the last one standing
        for (Browser b : players) {
            long before = version(b);
            b.click("#resign");
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
        leader.screenshot("ploy-team");
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
