package com.plyyard.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.learn.Puzzle;
import com.plyyard.engine.learn.Puzzles;
import com.plyyard.lobby.players.Accounts;
import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.CreateMatchRequest;
import com.plyyard.proto.v1.GetRatingsRequest;
import com.plyyard.proto.v1.JoinMatchRequest;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.Player;
import com.plyyard.proto.v1.Rating;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A player keeps their account, in the browser (issue 51). Signed up with a password (the recovery codes shown once,
 * "I have saved them" before going on), signed out of the device, then signed in on a second browser profile (a fresh
 * Chromium user-data-dir), where the same game ratings, lessons solved and puzzle rating are found; the sessions listed
 * with this device marked, "sign out all other devices" and "sign out" of one ending the other browser's session, which
 * then shows the sign-in form with a sentence. A forgotten password: the account recovered with a recovery code (which
 * then no longer works), the old password refused, new codes replacing the old ones, the password changed. A token-only
 * account (a name, no password) warned before signing out, setting a password in Settings and signing in elsewhere with
 * it. And my own game ratings shown in the lobby, and a rated game asked for from the page.
 */
@QuarkusTest
class AccountsBrowserIT extends BrowserTestBase {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final String THIS_DEVICE = "Chromium on Linux";

    @Test
    void signedUpSignedOutAndSignedInOnAnotherDeviceWithEverythingKept() {
        Browser first = browser("account-first");
        first.get(PAGE);
        String name = newName("keep");
        String password = newPassword();
        first.screenshot("accounts-signin");
        List<String> codes = signUp(first, name, password);
        assertEquals(10, codes.size(), codes.toString());
        assertEquals(10, new HashSet<>(codes).size(), "ten different codes");
        assertFalse(first.shown("#password-banner"), "an account with a password is not warned");

        // progress of every kind: a rated game won, an exercise solved, a puzzle solved
        TestPlayer me = playerOf(first, name);
        TestPlayer opponent = register("keep-opponent");
        Match m = me.matches().createMatch(CreateMatchRequest.newBuilder().setVariant("draughts:fmjd").setRated(true)
            .setTimeControl(clock(180, 2)).addSeats(me()).addSeats(invite(opponent)).build());
        m = opponent.matches().joinMatch(JoinMatchRequest.newBuilder().setMatchId(m.getId()).build());
        assertEquals(MatchStatus.MATCH_FINISHED, opponent.matches().resign(TestPlayer.action(m)).getStatus());
        first.get(PAGE + "#/learn/piracy-port");
        first.click("#learn-turns button[data-sail='R']");
        first.await("the exercise solved", d -> "true".equals(first.attribute("#learn-exercise", "data-solved")));
        first.get(PAGE + "#/puzzles?game=draughts");
        first.await("a draughts puzzle", d -> first.attribute("#puzzles-puzzle", "data-puzzle").startsWith("draughts-"));
        Puzzle puzzle = Puzzles.get(first.attribute("#puzzles-puzzle", "data-puzzle")).orElseThrow();
        for (int i = 0; i < puzzle.line().size(); i += 2) {
            String before = first.attribute("#puzzles-board", "data-position");
            first.typeAndEnter("#puzzles-move", puzzle.line().get(i));
            first.await("a move judged", d -> !first.attribute("#puzzles-board", "data-position").equals(before));
        }
        first.await("the puzzle solved", d -> "solved".equals(first.attribute("#puzzles-puzzle", "data-result")));
        String puzzleRating = first.attribute("#puzzles-rating", "data-rating");
        first.get(PAGE + "#/");
        Rating rating = me.mm().getRatings(GetRatingsRequest.getDefaultInstance()).getRatings(0);
        String ratingCss = "#my-ratings li[data-variant='draughts:fmjd'][data-time-class='" + rating.getTimeClass() + "']";
        first.await("my rating in the lobby", d -> String.valueOf(Math.round(rating.getRating()))
            .equals(first.attribute(ratingCss, "data-rating")));
        String ratings = first.text("#my-ratings");
        first.await("my puzzle rating in the lobby", d -> first.text("#puzzle-ratings").contains("draughts " + puzzleRating));
        String puzzleRatings = first.text("#puzzle-ratings");

        // "Sign out of this device": this session ends, the account stays
        assertEquals("Sign out of this device", first.text("#logout"));
        first.click("#logout");
        first.await("the sign-in page", d -> first.shown("#signin-form"));
        first.await("what signing out did", d -> first.text("#status").contains("Your account stays"));
        assertNull(first.script("return localStorage.getItem('plyyard.token');"));

        // another device: a fresh browser profile, the name in another case, the same password
        Browser second = browser("account-second");
        second.get(PAGE);
        signIn(second, name.toUpperCase(), password);
        assertEquals(name, second.text("#me"), "the account's own name");
        second.await("the same ratings", d -> ratings.equals(second.text("#my-ratings")));
        second.await("the same puzzle rating", d -> puzzleRatings.equals(second.text("#puzzle-ratings")));
        second.get(PAGE + "#/learn?game=piracy");
        second.await("the same lessons solved", d -> second.text("#learn-progress").equals("Piracy: 1 of 12 exercises solved."));
        second.get(PAGE + "#/puzzles?game=draughts");
        second.await("the same puzzle rating", d -> puzzleRating.equals(second.attribute("#puzzles-rating", "data-rating")));

        // two devices signed in: both listed, this one marked; "sign out all other devices" ends the first's session
        signIn(first, name, password);
        second.get(PAGE + "#/settings");
        second.await("both sessions", d -> second.all("#sessions li[data-session-id]").size() == 2);
        assertEquals(1, second.all("#sessions li[data-current='true']").size());
        assertTrue(second.text("#sessions li[data-current='true']").contains("this device"), second.text("#sessions"));
        for (String device : second.texts("#sessions li .device")) {
            assertEquals(THIS_DEVICE, device, "the label each browser gave");
        }
        assertTrue(second.text("#sessions li[data-current='false'] .details").startsWith("signed in with the password · since "),
            second.text("#sessions"));
        second.screenshot("accounts-settings");
        second.click("#sign-out-others");
        second.await("one session left", d -> second.all("#sessions li[data-session-id]").size() == 1);
        second.await("said", d -> second.text("#status").equals("1 other device was signed out."));
        first.driver().navigate().refresh();
        first.await("the first browser's session ended, said with the sign-in form", d -> first.shown("#signin-form")
            && first.text("#session-note").startsWith("The session of " + name + " on this device has ended"));
        assertEquals(name, first.attribute("#signin-name", "value"), "the name filled in");
        first.screenshot("accounts-session-ended");

        // one other device signed out by its line in the list
        signIn(first, name, password);
        second.driver().navigate().refresh();
        second.await("both sessions again", d -> second.all("#sessions li[data-session-id]").size() == 2);
        second.click("#sessions li[data-current='false'] button.sign-out");
        second.await("one session left", d -> second.all("#sessions li[data-session-id]").size() == 1);
        first.driver().navigate().refresh();
        first.await("signed out from the other device", d -> first.shown("#signin-form") && first.shown("#session-note"));
        assertEquals(name, second.text("#me"), "the second device stays signed in");
    }

    @Test
    void aForgottenPasswordAndTheAccountRecoveredWithACode() {
        Browser b = browser("account-recover");
        b.get(PAGE);
        String name = newName("rec");
        String password = newPassword();
        List<String> codes = signUp(b, name, password);
        b.click("#logout");
        b.await("the sign-in page", d -> b.shown("#signin-form"));

        // a wrong password: the server's sentence under the form
        b.type("#signin-name", name);
        b.type("#signin-password", "not-" + password);
        b.click("#signin");
        b.await("refused", d -> b.text("#signin-error").equals(Accounts.WRONG_PASSWORD));
        assertEquals("true", b.attribute("#signin-password", "aria-invalid"));

        // forgotten: a recovery code (case and dashes do not matter) and a new password
        String newPassword = newPassword();
        b.click("#forgot");
        b.await("the recovery form", d -> b.shown("#recover-form"));
        assertEquals(name, b.attribute("#recover-name", "value"), "the name taken from the sign-in form");
        String code = codes.get(3);
        b.type("#recover-code", code.toLowerCase().replace("-", ""));
        b.type("#recover-password", newPassword);
        b.click("#recover");
        b.await("signed in again", d -> name.equals(b.text("#me")));
        b.await("what happened", d -> b.text("#status").contains("is yours again")
            && b.text("#status").contains("9 recovery codes left."));

        // the code is used up; the old password no longer works, the new one does
        b.click("#logout");
        b.await("the sign-in page", d -> b.shown("#signin-form"));
        b.click("#forgot");
        b.type("#recover-name", name);
        b.type("#recover-code", code);
        b.type("#recover-password", newPassword());
        b.click("#recover");
        b.await("a used code refused", d -> b.text("#recover-error").equals(Accounts.WRONG_CODE));
        assertFalse(b.shown("#account"), "not signed in");
        b.type("#signin-name", name);
        b.type("#signin-password", password);
        b.click("#signin");
        b.await("the old password refused", d -> b.text("#signin-error").equals(Accounts.WRONG_PASSWORD));
        signIn(b, name, newPassword);

        // new recovery codes need the current password; they replace the old ones
        b.get(PAGE + "#/settings");
        b.await("the codes left", d -> "9".equals(b.attribute("#codes-left", "data-left")));
        b.type("#codes-password", password);
        b.click("#codes-new");
        b.await("the old password refused", d -> !b.text("#codes-error").isEmpty());
        b.type("#codes-password", newPassword);
        b.click("#codes-new");
        List<String> fresh = savedCodes(b, name);
        assertEquals(10, fresh.size());
        assertTrue(fresh.stream().noneMatch(codes::contains), "new codes");
        b.await("settings again, ten codes left", d -> "10".equals(b.attribute("#codes-left", "data-left")));

        // the password changed: the wrong current one refused with the server's sentence, then changed
        String third = newPassword();
        b.type("#current-password", password);
        b.type("#new-password", third);
        b.click("#change-password");
        b.await("refused", d -> !b.text("#change-password-error").isEmpty());
        b.type("#current-password", newPassword);
        b.type("#new-password", third);
        b.click("#change-password");
        b.await("changed", d -> b.text("#status").startsWith("The password is changed; 0 other devices were signed out."));
        assertEquals("", b.text("#change-password-error"));

        // an old code no longer restores the account
        b.click("#logout");
        b.await("the sign-in page", d -> b.shown("#signin-form"));
        b.click("#forgot");
        b.type("#recover-name", name);
        b.type("#recover-code", codes.get(5));
        b.type("#recover-password", newPassword());
        b.click("#recover");
        b.await("a replaced code refused", d -> b.text("#recover-error").equals(Accounts.WRONG_CODE));
        signIn(b, name, third);
    }

    @Test
    void aTokenOnlyAccountSetsAPasswordAndSignsInElsewhere() {
        Browser b = browser("account-token");
        String name = registerIn(b, "tok");
        b.await("the warning that the account lives here only", d -> b.shown("#password-banner"));

        // signing out would lose it: the page asks first
        b.click("#logout");
        b.await("asked", d -> b.shown("#logout-confirm"));
        assertEquals(name, b.text("#me"), "still signed in");
        b.click("#logout-cancel");
        b.await("not signed out", d -> !b.shown("#logout-confirm") && name.equals(b.text("#me")));

        b.click("#password-banner-link");
        b.await("Settings, the password form first", d -> b.shown("#set-password-panel"));
        assertEquals("Set a password to sign in on other devices", b.text("#set-password-title"));
        assertFalse(b.shown("#change-password-panel"), "no password to change yet");
        b.await("this device's session: a name only", d -> b.text("#sessions li[data-current='true'] .details")
            .startsWith("name only, no password"));
        b.type("#set-password", "short");
        b.click("#set-password-submit");
        b.await("a password the rules refuse, with the server's sentence", d -> !b.text("#set-password-error").isEmpty());
        String password = newPassword();
        b.type("#set-password", password);
        b.click("#set-password-submit");
        assertEquals(10, savedCodes(b, name).size());
        b.await("Settings again: a password now", d -> b.shown("#change-password-panel") && !b.shown("#set-password-panel"));
        assertFalse(b.shown("#password-banner"), "no warning any more");

        // the password reaches the account from another browser; this one stays signed in with its old token
        Browser other = browser("account-token-elsewhere");
        other.get(PAGE);
        signIn(other, name, password);
        b.driver().navigate().refresh();
        b.await("the old session still works", d -> "true".equals(b.attribute("body", "data-ready")));
        b.await("still signed in", d -> name.equals(b.text("#me")));
    }

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

        // a rated game is asked for from the page itself: a rated seek
        page.click("#seek-rated");
        page.click("#seek-create");
        page.await("my rated seek", d -> page.text("#seeks li.mine").contains(", rated"));
        page.click("#seeks li.mine button.cancel");
        page.await("the seek cancelled", d -> page.all("#seeks li.mine").isEmpty());
    }

    // ---- helpers

    private static String newName(String prefix) {
        return prefix + NAMES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 5);
    }

    /** A password no list of common ones holds. */
    private static String newPassword() {
        return "Board-" + UUID.randomUUID().toString().substring(0, 12) + "-yard";
    }

    /** The page's player as a gRPC client, with the session token the page keeps. */
    private TestPlayer playerOf(Browser b, String name) {
        String token = (String) b.script("return localStorage.getItem('plyyard.token');");
        return TestPlayer.of(channel, Player.newBuilder().setName(name).build(), token);
    }

    /** Signs up on the page; the recovery codes are shown once and saved before the lobby; returns them. */
    private static List<String> signUp(Browser b, String name, String password) {
        b.type("#signup-name", name);
        b.type("#signup-password", password);
        b.click("#signup");
        return savedCodes(b, name);
    }

    /** The recovery codes on the page: Continue only once "I have saved them" is ticked; returns them. */
    private static List<String> savedCodes(Browser b, String name) {
        b.await("the recovery codes", d -> b.shown("#codes-view") && b.all("#recovery-codes li").size() == 10);
        assertEquals(name, b.text("#codes-name"));
        List<String> codes = b.texts("#recovery-codes li");
        assertFalse(b.shown("#lobby") || b.shown("#settings"), "nothing but the codes until they are saved");
        assertFalse(b.find("#codes-done").isEnabled(), "Continue waits for 'I have saved them'");
        b.screenshot("accounts-codes");
        b.click("#codes-saved");
        b.click("#codes-done");
        b.await("on, past the codes", d -> !b.shown("#codes-view"));
        b.await("signed in as " + name, d -> name.equals(b.text("#me")));
        return codes;
    }

    /** Signs in on the page (the sign-in form shown) and waits for the lobby or the view asked. */
    private static void signIn(Browser b, String name, String password) {
        b.await("the sign-in form", d -> b.shown("#signin-form"));
        b.type("#signin-name", name);
        b.type("#signin-password", password);
        b.click("#signin");
        b.await("signed in", d -> b.shown("#account") && !b.text("#me").isEmpty());
    }
}
