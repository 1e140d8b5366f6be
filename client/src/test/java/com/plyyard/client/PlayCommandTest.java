package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play} in a live four-player Ploy match against a scripted lobby over a real socket: the legend, the grouped
 * moves, leaving when out of a game that goes on, and Ctrl-C (a real signal to a client in a JVM of its own).
 */
@Timeout(90)
class PlayCommandTest {
    @TempDir
    Path home;

    private FakeMatchLobby lobby;
    private final InputStream stdin = System.in;

    @BeforeEach
    void start() throws Exception {
        lobby = new FakeMatchLobby("ploy:3m:ffa", 0);
        System.setProperty("plyyard.credentials.dir", home.toString());
    }

    @AfterEach
    void stop() {
        System.setIn(stdin);
        lobby.close();
        System.clearProperty("plyyard.credentials.dir");
    }

    private Run play(String typed) {
        System.setIn(new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)));
        try {
            return Run.of("play", "--match", "m1", "--target", lobby.target(), "--name", "ann", "--ascii");
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void ployShowsItsLegendOnceAndMovesGroupedByPiece() {
        Run r = play("help\nmoves\nlegend\nquit\n");
        assertEquals(0, r.exitCode(), r::toString);
        List<String> out = r.out();
        int legend = out.indexOf("legend: g Green, r Red, y Yellow, b Blue: a piece is its player's letter, its kind and the "
            + "directions it moves in");
        assertTrue(legend > 0, String.join("\n", out));
        assertEquals("  Green to move", out.get(legend - 1), "right under the first board");
        assertTrue(out.get(legend + 3).startsWith("  moves: c2-c4 along a direction"), out.get(legend + 3));
        String text = String.join("\n", out);
        assertTrue(text.contains("a move in the game's notation, or: moves, board, legend, draw, accept, decline, resign, "
            + "abort, quit"), text);
        assertTrue(text.contains("81 legal moves, by the point they start from:\n  a1: a1r1\n  a2: a2r1...r7\n"), text);
        assertEquals(2, text.split("legend: g Green", -1).length - 1, "once at the start, once asked for");
        assertTrue(text.contains("gL896"), "the ASCII board writes directions as keypad digits: " + text);
        assertTrue(out.get(out.size() - 1).endsWith("> leaving the match as it is (resume with --match m1)"), text);
    }

    @Test
    void outOfAFourPlayerGameTheClientStopsFollowingAndSaysHowToWatch() {
        Run r = play("resign\n");
        assertEquals(0, r.exitCode(), r::toString);
        List<String> out = r.out();
        String text = String.join("\n", out);
        assertTrue(text.contains("Green is out (resignation)"), text);
        assertEquals("you are out of this match, which goes on without you; watch the rest with ./plyyard watch m1 --target "
            + lobby.target() + " --name ann", out.get(out.size() - 1));
        assertEquals(1, text.split("your move \\(", -1).length - 1, "asked once, never again after resigning: " + text);
        assertTrue(lobby.calls.contains("Resign"));
    }

    @Test
    void aScriptFollowsTheMatchToItsResultAfterBeingOut() throws Exception {
        java.util.concurrent.CompletableFuture<Run> run = java.util.concurrent.CompletableFuture.supplyAsync(() ->
            Run.of("play", "--match", "m1", "--target", lobby.target(), "--name", "ann", "--ascii", "--autoplay", "first"));
        // the first legal move is refused by this lobby (SubmitMove: not legal here); resign by hand instead
        long deadline = System.currentTimeMillis() + 20_000;
        while (!lobby.calls.stream().anyMatch(c -> c.startsWith("SubmitMove")) && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        lobby.resignSeatZero();
        lobby.publish(com.plyyard.proto.v1.MatchEvent.newBuilder().setMatchId("m1").setVersion(4).setEnded(
            com.plyyard.proto.v1.MatchEnded.newBuilder().setStatus(com.plyyard.proto.v1.MatchStatus.MATCH_FINISHED)
                .setResult(com.plyyard.proto.v1.Outcome.newBuilder().setDescription("Red wins."))).build());
        Run r = run.join();
        assertEquals(0, r.exitCode(), r::toString);
        String text = String.join("\n", r.out());
        assertTrue(text.contains("you are out of this match, which goes on without you; watch the rest with ./plyyard "
            + "watch m1"), text);
        assertEquals("result: Red wins.", r.out().get(r.out().size() - 1), "a script still gets the result line");
    }

    @Test
    void ctrlCSaysHowToResume() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dplyyard.credentials.dir=" + home, "-cp", System.getProperty("java.class.path"), PlyYard.class.getName(),
            "play", "--match", "m1", "--target", lobby.target(), "--name", "ann", "--ascii");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder seen = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (InputStream in = p.getInputStream()) {
                byte[] buf = new byte[4096];
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (seen) {
                        seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    }
                }
            } catch (java.io.IOException ended) {
                // the process is gone
            }
        });
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!text(seen).contains("your move (Green") && System.nanoTime() < deadline && p.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(text(seen).contains("your move (Green"), text(seen));
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            // SIGINT ignored (a job started in the background, as CI's may be): SIGTERM runs the same shutdown hooks.
            // Sent with kill, not Process.destroy(), which also closes our end of its output before the hook writes
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
        }
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        reader.join(5000);
        List<String> lines = new ArrayList<>(text(seen).lines().toList());
        assertEquals("interrupted; leaving the match as it is (resume with ./plyyard play --match m1 --target "
            + lobby.target() + " --name ann)", lines.get(lines.size() - 1), text(seen));
    }

    private static String text(StringBuilder sb) {
        synchronized (sb) {
            return sb.toString();
        }
    }
}
