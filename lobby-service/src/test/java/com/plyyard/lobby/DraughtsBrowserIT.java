package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.CuttableProxy;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.SeatKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * In a real browser: a player registers, creates a draughts game against the AI from the lobby page and plays it to
 * the end (the first move with the mouse, the others typed); a spectator in a second browser sees every move; a reload
 * in the middle resumes at the same position; a refused move shows the rules' sentence and changes nothing.
 */
@Timeout(600)
@QuarkusTest
class DraughtsBrowserIT extends BrowserTestBase {
    private TestPlayer reader;

    @Test
    void aWholeGameAgainstTheAiWatchedReloadedAndARefusedMove() {
        Browser player = browser("draughts-player");
        String name = registerIn(player, "dp");
        selectValue(player, "#ai-variant", "draughts:fmjd");
        selectValue(player, "#ai-level", "1");
        player.click("#ai-create");
        String id = matchId(player);
        reader = register("dp-reader");
        Match created = fetched(id);
        assertEquals("draughts:fmjd", created.getVariant().getId());
        assertEquals(name, created.getSeats(0).getPlayer().getName());
        assertEquals(SeatKind.SEAT_AI, created.getSeats(1).getKind());

        Browser spectator = browser("draughts-spectator");
        registerIn(spectator, "ds");
        spectator.get(PAGE + "#/match/" + id);
        spectator.await("the spectator sees the match", d -> id.equals(spectator.attribute("#game", "data-match-id"))
            && status(spectator).equals("active"));

        // the first move with the mouse: the piece, then its destination
        List<String> moves = awaitTurnOrEnd(player);
        assertEquals(9, moves.size(), "nine opening moves: " + moves);
        String first = moves.get(0);
        String[] squares = first.split("-");
        long before = version(player);
        player.click("[data-square=\"" + squares[0] + "\"]");
        player.click("[data-square=\"" + squares[1] + "\"]");
        player.await("the clicked move applied", d -> version(player) > before);
        player.screenshot("draughts-first-move");

        // a refused move: the rules' own sentence, and nothing stored changes
        awaitTurnOrEnd(player);
        Match beforeRefusal = fetched(id);
        String illegal = "1-6";
        String sentence = assertStatus(Status.Code.FAILED_PRECONDITION, () -> rules().applyMove(ApplyMoveRequest.newBuilder()
            .setState(beforeRefusal.getState()).setMove(illegal).build()));
        player.typeAndEnter("#move-input", illegal);
        player.await("the refusal shown", d -> player.text("#move-error").contains(sentence));
        assertEquals(beforeRefusal, fetched(id), "a refused move changes nothing");

        // the rest typed, with one reload half-way
        boolean reloaded = false;
        int plies = 0;
        while (true) {
            List<String> legal = awaitTurnOrEnd(player);
            if (legal.isEmpty()) {
                break;
            }
            typeMove(player, legal.get(plies % legal.size()));
            plies++;
            if (plies == 16) {
                player.screenshot("draughts");
            }
            if (plies == 12 && !reloaded) {
                long seen = version(player);
                List<String> listed = moveList(player);
                player.driver().navigate().refresh();
                player.await("back at the same match after the reload", d -> id.equals(player.attribute("#game",
                    "data-match-id")) && version(player) >= seen);
                assertEquals(listed, moveList(player).subList(0, listed.size()), "the reload resumes the same moves");
                assertTrue(player.text("#me").contains(name), "still signed in after the reload (token kept)");
                reloaded = true;
            }
        }
        assertTrue(reloaded, "the game lasted past the reload");
        player.await("the result shown", d -> !player.text("#result").isBlank());
        Match end = fetched(id);
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        assertEquals(end.getResult().getDescription(), player.text("#result").trim());
        List<String> notations = end.getMovesList().stream().map(m -> m.getMove().getNotation()).toList();
        player.await("every move in the player's list", d -> moveList(player).equals(notations));
        spectator.await("every move in the spectator's list", d -> moveList(spectator).equals(notations));
        spectator.await("the spectator sees the end", d -> status(spectator).equals("finished"));
        assertEquals(end.getResult().getDescription(), spectator.text("#result").trim());
        assertFalse(notations.isEmpty());
        player.screenshot("draughts-end");
        spectator.screenshot("draughts-spectator");
        assertEquals(notations.size(), (int) end.getMovesList().stream().map(MatchMove::getPly).distinct().count());
    }

    /**
     * A lost connection: the page shows "reconnecting" while the network is down, and when it is back resumes from the
     * last version it saw, with the opponent's move made meanwhile, and play goes on.
     */
    @Test
    void aLostConnectionShowsReconnectingAndResumes() {
        reader = register("dr-reader");
        TestPlayer black = register("dr-black");
        try (CuttableProxy network = new CuttableProxy(17070)) {
            String page0 = "http://localhost:" + network.port() + "/";
            Browser page = browser("draughts-offline");
            String name = registerIn(page, page0, "dr");
            String token = (String) page.script("return localStorage.getItem('plyyard.token');");
            TestPlayer white = TestPlayer.of(channel, com.plyyard.proto.v1.Player.newBuilder().setName(name).build(), token);
            Match m = white.matches().createMatch(com.plyyard.proto.v1.CreateMatchRequest.newBuilder()
                .setVariant("draughts:fmjd").addSeats(me()).addSeats(invite(black)).build());
            m = black.matches().joinMatch(com.plyyard.proto.v1.JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
            String id = m.getId();
            page.get(page0 + "#/match/" + id);
            typeMove(page, awaitTurnOrEnd(page).get(0));
            page.await("live", d -> page.text("#connection").trim().equals("live"));

            network.cut();
            page.await("reconnecting shown", d -> page.text("#connection").trim().equals("reconnecting"));
            Match afterWhite = fetched(id);
            String reply = legalMoves(afterWhite.getState()).get(0).getNotation();
            black.move(afterWhite, reply);
            page.screenshot("reconnecting");
            network.restore();

            page.await("live again", d -> page.text("#connection").trim().equals("live"));
            page.await("the move made while away", d -> moveList(page).size() == 2 && moveList(page).get(1).equals(reply));
            assertEquals(fetched(id).getVersion(), version(page), "resumed at the stored version");
            typeMove(page, awaitTurnOrEnd(page).get(0));
            assertEquals(3, fetched(id).getMovesCount(), "play goes on");
        }
    }

    /** The stored match, read through the API (the page's own view is what is being tested). */
    private Match fetched(String id) {
        return reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
    }
}
