package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rating;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * What a player keeps, in the browser (issue 51): my own game ratings, shown in the lobby once a rated game is over.
 */
@QuarkusTest
class AccountsBrowserIT extends BrowserTestBase {
    @Test
    void myGameRatingsAreInTheLobby() {
        Browser page = browser("ratings");
        String name = registerIn(page, "rt");
        page.await("no rating yet, and why", d -> page.shown("#ratings-empty"));
        assertTrue(page.all("#my-ratings li").isEmpty());

        TestPlayer me = playerOf(page, name);
        TestPlayer opponent = register("rt-opponent");
        Match m = me.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setRated(true)
            .setTimeControl(clock(180, 2)).addSeats(me()).addSeats(invite(opponent)).build());
        m = opponent.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        opponent.matches().resign(TestPlayer.action(m));
        Rating rating = me.mm().getRatings(GetRatingsRequest.getDefaultInstance()).getRatings(0);

        page.click("#nav-learn");
        page.click("nav a[href='#/']");
        String css = "#my-ratings li[data-variant='draughts:fmjd'][data-time-class='" + rating.getTimeClass() + "']";
        page.await("my rating, back in the lobby", d -> page.shown(css));
        assertEquals("Draughts (FMJD) · " + rating.getTimeClass() + ": " + Math.round(rating.getRating())
            + (rating.getProvisional() ? "?" : "") + " (1 game)", page.text(css));
        assertFalse(page.shown("#ratings-empty"));
        page.screenshot("lobby-ratings");
    }

    // ---- helpers

    /** The page's player as a gRPC client, with the session token the page keeps. */
    private TestPlayer playerOf(Browser b, String name) {
        String token = (String) b.script("return localStorage.getItem('plyyard.token');");
        return TestPlayer.of(channel, Player.newBuilder().setName(name).build(), token);
    }
}
