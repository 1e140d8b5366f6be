package com.plyyard.lobby;

import static com.plyyard.grpc.testing.GrpcAssertions.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.lobby.support.Browser;
import com.plyyard.lobby.support.BrowserTestBase;
import com.plyyard.lobby.support.CuttableProxy;
import com.plyyard.lobby.support.PageChecks;
import com.plyyard.lobby.support.TestPlayer;
import com.plyyard.proto.v1.ApplyMoveRequest;
import com.plyyard.proto.v1.DraughtsMove;
import com.plyyard.proto.v1.DraughtsPiece;
import com.plyyard.proto.v1.GetMatchRecordRequest;
import com.plyyard.proto.v1.GetMatchRequest;
import com.plyyard.proto.v1.LobbyServiceGrpc;
import com.plyyard.proto.v1.Match;
import com.plyyard.proto.v1.MatchMove;
import com.plyyard.proto.v1.MatchRecord;
import com.plyyard.proto.v1.MatchStatus;
import com.plyyard.proto.v1.OutcomeKind;
import com.plyyard.proto.v1.RegisterRequest;
import com.plyyard.proto.v1.SeatKind;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * In a real browser: a player registers (after a refused name, whose sentence the page shows), creates a draughts
 * game against the AI from the lobby page and plays it to the end (the first move with the mouse, the others typed);
 * a spectator in a second browser opens the page's link to watch and sees every move; a reload in the middle resumes
 * at the same position; a refused move shows the rules' sentence, changes nothing and stays in the box to be
 * corrected. Along the way the page explains clicks that do nothing, says when a capture is mandatory, highlights the
 * last move with what it captured, numbers the move list by moves with the latest in view, and at the end says who
 * won — in the game and in "My matches", after a clean end of the match's stream. Unknown match ids lead back to the
 * lobby with the server's sentence.
 */
@QuarkusTest
class DraughtsBrowserIT extends BrowserTestBase {
    private TestPlayer reader;

    @Test
    void aWholeGameAgainstTheAiWatchedReloadedAndARefusedMove() {
        Browser player = browser("draughts-player");
        // a refused name: the server's sentence in the page's own error line (not a browser tooltip)
        String badName = assertStatus(Status.Code.INVALID_ARGUMENT, () -> LobbyServiceGrpc.newBlockingStub(channel)
            .register(RegisterRequest.newBuilder().setName("x").build()));
        player.get(PAGE);
        player.type("#name", "x");
        player.click("#register");
        player.await("the refused name's sentence", d -> player.text("#register-error").equals(badName));
        assertEquals("true", player.attribute("#name", "aria-invalid"));
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

        // the match's id and the link to watch it
        player.await("the match id shown", d -> player.text("#match-id").equals(id));
        String link = player.attribute("#share-link", "value");
        assertEquals(PAGE + "#/match/" + id, link);
        // the rules of the game and the notation's legend
        player.await("the rules panel", d -> player.text("#rules-title").equals("How to play draughts"));
        assertTrue(player.text("#rules-body").contains("Capturing is mandatory"), player.text("#rules-body"));
        assertTrue(player.text("#moves-legend").contains("28x19 a capture"), player.text("#moves-legend"));

        Browser spectator = browser("draughts-spectator");
        registerIn(spectator, "ds");
        spectator.get(link);
        spectator.await("the spectator sees the match", d -> id.equals(spectator.attribute("#game", "data-match-id"))
            && status(spectator).equals("active"));

        // clicks that do nothing say why
        spectator.click("[data-square=\"31\"]");
        spectator.await("a spectator is told", d -> spectator.text("#board-error").contains("You are watching this match"));
        List<String> moves = awaitTurnOrEnd(player);
        assertEquals(9, moves.size(), "nine opening moves: " + moves);
        player.click("[data-square=\"46\"]");
        player.await("a blocked piece", d -> player.text("#board-error").equals("The piece on 46 has no legal move."));
        player.click("[data-square=\"19\"]");
        player.await("the opponent's piece", d -> player.text("#board-error").equals("That is a black piece; you play White."));

        // the first move with the mouse: the piece, then its destination
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
        // the refused move stays in the box, selected (typing replaces it) and marked invalid
        player.await("the refused move kept and selected", d -> Boolean.TRUE.equals(player.script(
            "const i = document.getElementById('move-input'); return document.activeElement === i && i.value === arguments[0]"
                + " && i.selectionStart === 0 && i.selectionEnd === i.value.length && i.getAttribute('aria-invalid') === 'true';",
            illegal)));

        // the rest typed, with one reload half-way
        boolean reloaded = false;
        int plies = 0;
        while (true) {
            List<String> legal = awaitTurnOrEnd(player);
            if (legal.isEmpty()) {
                break;
            }
            assertBoardMatchesPosition(player, fetched(id), legal);
            if (plies == 16) {
                player.script("window.scrollTo(0, 0);");
                player.screenshot("draughts");
            }
            typeMove(player, legal.get(plies % legal.size()));
            if (plies == 0) {
                player.await("an accepted move leaves the box empty and valid", d -> player.attribute("#move-input", "value").isEmpty()
                    && player.attribute("#move-input", "aria-invalid") == null);
            }
            plies++;
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
        String description = end.getResult().getDescription();
        assertEquals(description, player.text("#result").trim());
        List<String> notations = end.getMovesList().stream().map(m -> m.getMove().getNotation()).toList();
        player.await("every move in the player's list", d -> moveList(player).equals(notations));
        spectator.await("every move in the spectator's list", d -> moveList(spectator).equals(notations));
        spectator.await("the spectator sees the end", d -> status(spectator).equals("finished"));
        assertEquals(description, spectator.text("#result").trim());
        assertFalse(notations.isEmpty());
        assertMoveListAsTheRecord(player, notations);
        assertMoveListAsTheRecord(spectator, notations);
        // the end said in words: the status line no longer says "Playing", the turn line says how it went for me
        String outcome = end.getResult().getKind() == OutcomeKind.DRAW ? "draw"
            : end.getResult().getWinnersList().contains(0) ? "won" : "lost";
        player.await("the end announced", d -> player.text("#status").contains(description));
        assertFalse(player.text("#status").contains("Playing"), player.text("#status"));
        assertEquals(Map.of("won", "Game over: you won.", "lost", "Game over: you lost.", "draw", "Game over: a draw.").get(outcome),
            player.text("#turn").trim());
        assertEquals("Game over.", spectator.text("#turn").trim());
        player.screenshot("draughts-end");
        spectator.screenshot("draughts-spectator");
        assertEquals(notations.size(), (int) end.getMovesList().stream().map(MatchMove::getPly).distinct().count());

        // the record: the file the page saves is the server's record (GetMatchRecord), byte for byte, under its name
        Path downloads = player.downloadsTo("draughts");
        player.click("#download");
        MatchRecord record = reader.matches().getMatchRecord(GetMatchRecordRequest.newBuilder().setMatchId(id).build());
        assertEquals("plyyard-" + id + ".pdn", record.getFileName());
        Path file = downloads.resolve(record.getFileName());
        player.await("the record downloaded as " + file.getFileName(), d -> Files.isRegularFile(file));
        assertEquals(record.getText(), read(file));
        assertTrue(record.getText().contains("[White \"" + name + "\"]"), record.getText());

        // back in the lobby: "My matches" says how it went, and leaving ended the match's stream cleanly (an answer
        // read to its end, status 200 — not a request the browser cancelled, which it would list as failed)
        player.click("#back-to-lobby");
        player.await("the lobby", d -> player.shown("#lobby") && !player.shown("#game"));
        player.await("my match's outcome", d -> outcome.equals(player.script(
            "const a = document.querySelector('#my-matches a[data-match-id=\"' + arguments[0] + '\"]');"
                + " return a ? a.closest('li').dataset.outcome : null;", id)));
        assertTrue(player.text("#my-matches").contains(description), player.text("#my-matches"));
        player.await("the match's stream ended", d -> !PageChecks.requestStatuses(player, "/WatchMatch").isEmpty());
        assertEquals(Set.of(200L), Set.copyOf(PageChecks.requestStatuses(player, "/WatchMatch")),
            "every WatchMatch request of this page ended as an answer, none cancelled");
        player.await("the close call answered", d -> PageChecks.requestStatuses(player, "/grpc-web/close/").contains(204L));
        player.screenshot("draughts-my-matches");

        // a match id that is not one, and one that names no match: the server's sentence, back in the lobby
        String notAnId = assertStatus(Status.Code.INVALID_ARGUMENT, () -> reader.matches().getMatch(
            GetMatchRequest.newBuilder().setMatchId("nonsense").build()));
        player.get(PAGE + "#/match/nonsense");
        player.await("back in the lobby with the sentence", d -> player.shown("#lobby")
            && player.text("#lobby-error").contains(notAnId));
        assertFalse(player.shown("#game"));
        String unknown = java.util.UUID.randomUUID().toString();
        String noMatch = assertStatus(Status.Code.NOT_FOUND, () -> reader.matches().getMatch(
            GetMatchRequest.newBuilder().setMatchId(unknown).build()));
        player.get(PAGE + "#/match/" + unknown);
        player.await("back in the lobby with the sentence", d -> player.shown("#lobby")
            && player.text("#lobby-error").contains(noMatch));
        assertEquals("", player.attribute("#game", "data-match-id"), "nothing of a match left in the game view");
    }

    /**
     * What the board shows on the viewer's turn agrees with the stored match: its legal moves are those of the
     * position shown (answered for a version the page has seen), a mandatory capture is said in words exactly when
     * the moves are captures, and the last move is highlighted with the squares it emptied by capturing.
     */
    private static void assertBoardMatchesPosition(Browser b, Match m, List<String> legal) {
        String legalVersion = b.attribute("#board", "data-legal-version");
        assertTrue(Long.parseLong(legalVersion) <= version(b), "legal moves of version " + legalVersion
            + " on a page at version " + version(b));
        boolean captures = legal.stream().allMatch(x -> x.contains("x"));
        b.await("the capture note", d -> b.text("#board-note").startsWith("Capture is mandatory") == captures);
        if (m.getMovesCount() == 0) {
            return;
        }
        DraughtsMove last = m.getMoves(m.getMovesCount() - 1).getMove().getDraughts();
        Set<String> lastSquares = new TreeSet<>();
        lastSquares.add(String.valueOf(last.getFrom()));
        last.getPathList().forEach(x -> lastSquares.add(String.valueOf(x)));
        Set<Integer> occupied = m.getState().getDraughts().getPiecesList().stream().map(DraughtsPiece::getSquare)
            .collect(Collectors.toSet());
        Set<String> emptied = last.getCapturedList().stream().filter(x -> !occupied.contains(x)).map(String::valueOf)
            .collect(Collectors.toCollection(TreeSet::new));
        b.await("the last move highlighted: " + lastSquares + ", captured " + emptied,
            d -> squares(b, ".sq.last").equals(lastSquares) && squares(b, ".sq.last-captured").equals(emptied));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Set<String> squares(Browser b, String css) {
        return new TreeSet<>((List<String>) b.script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.dataset.square);", css));
    }

    /**
     * The move list as the draughts record numbers it: one row per move number ("1.", "2.", …) holding White's and
     * Black's moves; no sideways spill; the latest move marked and in view without scrolling the list.
     */
    private static void assertMoveListAsTheRecord(Browser b, List<String> notations) {
        List<String> labels = b.texts("#moves .moves-row .move-no");
        assertEquals((notations.size() + 1) / 2, labels.size(), "a row per move: " + labels);
        for (int i = 0; i < labels.size(); i++) {
            assertEquals((i + 1) + ".", labels.get(i));
        }
        assertEquals(List.of(notations.get(0), notations.get(1)), b.texts("#moves .moves-row:first-child [data-ply]"));
        assertFalse(PageChecks.overflowsSideways(b, "#moves-box"), "the move list does not spill sideways");
        assertEquals(notations.get(notations.size() - 1), b.text("#moves .ply.latest"));
        assertTrue(PageChecks.insideVisibleBox(b, "#moves .ply.latest", "#moves-box"), "the latest move is in view");
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
            assertTrue(awaitTurnOrEnd(page).contains("32-28"));
            typeMove(page, "32-28");
            page.await("live", d -> page.text("#connection").trim().equals("live"));
            // not my turn: a click on my piece says whose turn it is
            page.click("[data-square=\"31\"]");
            page.await("not my turn", d -> page.text("#board-error").equals(
                "Not your turn: Black (" + black.name() + ") is to move."));

            network.cut();
            page.await("reconnecting shown", d -> page.text("#connection").trim().equals("reconnecting"));
            Match afterWhite = fetched(id);
            String reply = "19-23";
            assertTrue(legalMoves(afterWhite.getState()).stream().anyMatch(x -> x.getNotation().equals(reply)));
            black.move(afterWhite, reply);
            page.screenshot("reconnecting");
            network.restore();

            page.await("live again", d -> page.text("#connection").trim().equals("live"));
            page.await("the move made while away", d -> moveList(page).size() == 2 && moveList(page).get(1).equals(reply));
            assertEquals(fetched(id).getVersion(), version(page), "resumed at the stored version");
            assertEquals(List.of("1."), page.texts("#moves .move-no"), "one move number: White's and Black's moves");
            // a capture is mandatory: said in words, and a click on another piece says why it cannot move
            assertEquals(List.of("28x19"), awaitTurnOrEnd(page));
            page.await("the capture note", d -> page.text("#board-note").equals(
                "Capture is mandatory: 1 piece can capture (ringed); take the most pieces you can."));
            page.click("[data-square=\"31\"]");
            page.await("why 31 cannot move", d -> page.text("#board-error").startsWith("Capture is mandatory: 1 piece can capture"));
            page.screenshot("draughts-capture-mandatory");
            typeMove(page, "28x19");
            assertEquals(3, fetched(id).getMovesCount(), "play goes on");
            page.await("no capture note once it is not my turn", d -> !page.shown("#board-note"));
        }
    }

    /** The stored match, read through the API (the page's own view is what is being tested). */
    private Match fetched(String id) {
        return reader.matches().getMatch(GetMatchRequest.newBuilder().setMatchId(id).build());
    }
}
