package com.plyyard.lobby.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The browser tests' common ground: the lobby under test serves the web client on its own port (17070), a test opens
 * headless Chromium windows on it ({@link Browser}) and works the page through its test hooks (docs/web-client.md,
 * "Test hooks"). The rules and the AI are the real services the lobby tests start. Without Chromium the tests are
 * skipped, saying what to install ({@link ChromiumPresent}).
 */
@ExtendWith(ChromiumPresent.class)
public abstract class BrowserTestBase extends LobbyTestBase {
    protected static final String PAGE = "http://localhost:17070/";
    private static final AtomicInteger WEB_NAMES = new AtomicInteger();
    private final List<Browser> browsers = new ArrayList<>();

    @AfterEach
    void closeBrowsers() {
        browsers.forEach(Browser::close);
        browsers.clear();
    }

    protected Browser browser(String name) {
        Browser b = Browser.open(name);
        browsers.add(b);
        return b;
    }

    protected Browser phone(String name) {
        Browser b = Browser.open(name, 375, 812);
        browsers.add(b);
        return b;
    }

    /** Opens the page and registers a fresh name through the form; returns the name. */
    protected static String registerIn(Browser b, String prefix) {
        return registerIn(b, PAGE, prefix);
    }

    /** The same on the page at {@code page} (another origin: its own storage). */
    protected static String registerIn(Browser b, String page, String prefix) {
        String name = prefix + WEB_NAMES.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 5);
        b.get(page);
        b.type("#name", name);
        b.click("#register");
        b.await("signed in as " + name, d -> b.text("#me").contains(name));
        return name;
    }

    /** The game view's match id, once the page shows a match. */
    protected static String matchId(Browser b) {
        return b.await("a match shown", d -> {
            String id = b.attribute("#game", "data-match-id");
            return id == null || id.isBlank() ? null : id;
        });
    }

    protected static long version(Browser b) {
        String v = b.attribute("#game", "data-version");
        return v == null || v.isBlank() ? -1 : Long.parseLong(v);
    }

    protected static String status(Browser b) {
        String s = b.attribute("#game", "data-status");
        return s == null ? "" : s;
    }

    /** The legal moves the page offers the viewer now (empty when it is not the viewer's turn). */
    protected static List<String> legalMoves(Browser b) {
        String moves = b.attribute("#board", "data-legal-moves");
        return moves == null || moves.isBlank() ? List.of() : Arrays.asList(moves.trim().split("\\s+"));
    }

    /** Waits until it is the viewer's turn (legal moves offered) or the match is over; returns the moves. */
    protected static List<String> awaitTurnOrEnd(Browser b) {
        return b.await("my turn or the end", java.time.Duration.ofSeconds(90), d -> {
            if (isOver(b)) {
                return List.<String>of();
            }
            List<String> moves = legalMoves(b);
            return moves.isEmpty() ? null : moves;
        });
    }

    protected static boolean isOver(Browser b) {
        String s = status(b);
        return s.equals("finished") || s.equals("aborted");
    }

    /** Plays a move by typing its notation, and waits until the page has applied it (its version moved on). */
    protected static void typeMove(Browser b, String notation) {
        long before = version(b);
        b.typeAndEnter("#move-input", notation);
        b.await("the move " + notation + " applied", d -> version(b) > before);
    }

    /** The move list as the page shows it, one notation per ply (rows of move numbers hold the plies). */
    protected static List<String> moveList(Browser b) {
        return b.texts("#moves [data-ply]");
    }

    /** No horizontal overflow: the document is not wider than the window. */
    protected static void assertFitsWidth(Browser b, String where) {
        long scroll = ((Number) b.script("return document.documentElement.scrollWidth;")).longValue();
        long inner = ((Number) b.script("return window.innerWidth;")).longValue();
        assertTrue(scroll <= inner, where + ": the page is " + scroll + " px wide in a " + inner + " px window");
    }

    /** Chooses an option of a select element, as a user would (the change event fires). */
    protected static void selectValue(Browser b, String select, String value) {
        b.visible(select);
        b.script("const s = document.querySelector(arguments[0]); s.value = arguments[1];"
            + " s.dispatchEvent(new Event('change', {bubbles: true}));", select, value);
        b.await(select + " = " + value, d -> value.equals(b.attribute(select, "value")));
    }
}
