package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Piracy game against the AI on a phone-sized screen (375 px): created from the lobby page, played to the end with
 * the L/F/R buttons, and no part of the page wider than the screen.
 */
@Timeout(900)
@QuarkusTest
class PiracyBrowserIT extends BrowserTestBase {
    @Test
    void aWholeGameOnAPhone() {
        Browser phone = phone("piracy-phone");
        registerIn(phone, "pp");
        assertFitsWidth(phone, "the lobby");
        selectValue(phone, "#ai-variant", "piracy:classic");
        selectValue(phone, "#ai-level", "1");
        phone.click("#ai-create");
        String id = matchId(phone);
        phone.await("the game started", d -> status(phone).equals("active"));
        assertFitsWidth(phone, "the Piracy game");

        int moves = 0;
        while (true) {
            List<String> legal = awaitTurnOrEnd(phone);
            if (legal.isEmpty()) {
                break;
            }
            // the turn buttons offer exactly the legal turns
            for (String turn : List.of("L", "F", "R")) {
                boolean enabled = phone.find("button[data-turn=\"" + turn + "\"]").isEnabled();
                assertEquals(legal.stream().anyMatch(m -> m.startsWith(turn)), enabled, turn + " with " + legal);
            }
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
        Match end = register("pp-reader").matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
        assertEquals(MatchStatus.MATCH_FINISHED, end.getStatus());
        phone.await("the result shown", d -> phone.text("#result").trim().equals(end.getResult().getDescription()));
        List<String> notations = end.getMovesList().stream().map(m -> m.getMove().getNotation()).toList();
        phone.await("every move listed", d -> moveList(phone).equals(notations));
        assertTrue(moves > 0);
        assertFitsWidth(phone, "the finished Piracy game");
        phone.screenshot("piracy-end");
    }
}
