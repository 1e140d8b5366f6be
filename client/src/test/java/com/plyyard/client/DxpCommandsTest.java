package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.draughts.dxp.DxpFollower;
import com.plyyard.engine.draughts.DraughtsRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dxp match} against our own {@code dxp serve} follower over real sockets, and the commands' usage errors. */
class DxpCommandsTest {
    private static final Pattern GAME = Pattern.compile(
        "game=(\\d+) opening=(\\S+) ours=(white|black) result=(win|draw|loss) plies=(\\d+) reason=(\\S+)");
    private static final Pattern SUMMARY = Pattern.compile(
        "games=(\\d+) wins=(\\d+) draws=(\\d+) losses=(\\d+) score=(\\d+\\.\\d) elo=(-?\\d+\\.\\d)±(\\d+\\.\\d)");

    private static DxpFollower follower(StringWriter out) {
        return new DxpFollower(new DxpFollower.Strength(null, 20), new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
    }

    @Test
    void aMatchAgainstOurFollower(@TempDir Path dir) throws Exception {
        Path pdn = dir.resolve("games.pdn");
        StringWriter followerOut = new StringWriter();
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> {
                try {
                    follower(followerOut).serve(server);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            serving.start();
            Run r = Run.of("dxp", "match", "--connect", "127.0.0.1:" + server.getLocalPort(), "--games", "2", "--movetime", "20",
                "--max-plies", "40", "--pdn", pdn.toString());
            assertEquals(0, r.exitCode(), r.err()::toString);
            assertEquals(3, r.out().size(), r.out()::toString);
            for (int i = 0; i < 2; i++) {
                Matcher m = GAME.matcher(r.out().get(i));
                assertTrue(m.matches(), r.out().get(i));
                assertEquals(Integer.toString(i + 1), m.group(1));
                assertEquals("31-26,16-21", m.group(2), "the first two-move ballot, played with both colours");
                assertEquals(i == 0 ? "white" : "black", m.group(3));
            }
            Matcher summary = SUMMARY.matcher(r.out().get(2));
            assertTrue(summary.matches(), r.out().get(2));
            assertEquals("2", summary.group(1));
            assertEquals(2, Integer.parseInt(summary.group(2)) + Integer.parseInt(summary.group(3)) + Integer.parseInt(summary.group(4)));
            List<DraughtsRecord> records = DraughtsRecord.parseAll(Files.readString(pdn));
            assertEquals(2, records.size());
            for (int i = 0; i < 2; i++) {
                Matcher m = GAME.matcher(r.out().get(i));
                assertTrue(m.matches());
                assertEquals(2 + Integer.parseInt(m.group(5)), records.get(i).moves().size(), "the opening's moves, then the game's");
                assertEquals(List.of("31-26", "16-21"), records.get(i).moves().subList(0, 2));
            }
        }
        assertEquals(2, followerOut.toString().lines().filter(l -> l.startsWith("game=")).count(), followerOut.toString());
    }

    @Test
    void aMatchListensForAFollowerThatDialsIn(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path pdn = dir.resolve("one.pdn");
        CompletableFuture<Run> match = CompletableFuture.supplyAsync(() -> Run.of("dxp", "match", "--listen",
            Integer.toString(port), "--games", "1", "--movetime", "20", "--max-plies", "10", "--pdn", pdn.toString()));
        StringWriter followerOut = new StringWriter();
        DxpFollower follower = follower(followerOut);
        for (int tries = 0; ; tries++) {
            try {
                follower.connect("127.0.0.1", port); // like mobydam -c 127.0.0.1 -p PORT; returns when the runner stops it
                break;
            } catch (ConnectException notListeningYet) {
                assertTrue(tries < 100, "the runner never listened on " + port);
                Thread.sleep(50);
            }
        }
        Run r = match.get(30, TimeUnit.SECONDS);
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertTrue(r.err().get(0).contains("listening on port " + port + "; start the follower, e.g. mobydam -c 127.0.0.1 -p "
            + port), r.err().toString());
        // before its first game the runner reads its endgame table (none here) and says what it plays with
        assertTrue(r.err().get(1).startsWith("dxp: playing with"), r.err().toString());
        assertTrue(GAME.matcher(r.out().get(0)).matches(), r.out().toString());
        assertTrue(r.out().get(0).contains("result=draw plies=10 reason=ply-cap"), r.out().get(0));
        assertEquals(1, DraughtsRecord.parseAll(Files.readString(pdn)).size());
        assertTrue(followerOut.toString().contains("game=1 ours=black result=draw plies=10 reason=peer-claimed-draw"),
            followerOut.toString());
    }

    @Test
    void usageErrors(@TempDir Path dir) throws IOException {
        Run bare = Run.of("dxp");
        assertEquals(2, bare.exitCode());
        assertEquals("plyyard: Missing subcommand: dxp serve or dxp match.", bare.err().get(0));
        assertEquals(2, Run.of("dxp", "match", "--games", "2", "--movetime", "20").exitCode(), "--listen or --connect");
        assertEquals(2, Run.of("dxp", "match", "--listen", "1", "--connect", "a:1", "--games", "2", "--movetime", "20").exitCode());
        Run noPort = Run.of("dxp", "match", "--connect", "localhost", "--games", "2", "--movetime", "20");
        assertEquals(2, noPort.exitCode());
        assertEquals("plyyard: --connect takes HOST:PORT, e.g. 127.0.0.1:27531, not 'localhost'.", noPort.err().get(0));
        assertEquals(2, Run.of("dxp", "match", "--connect", "a:70000", "--games", "2", "--movetime", "20").exitCode());
        Run games = Run.of("dxp", "match", "--connect", "a:1", "--games", "0", "--movetime", "20");
        assertEquals(2, games.exitCode());
        assertEquals("plyyard: --games must be at least 1, not 0.", games.err().get(0));
        assertEquals(2, Run.of("dxp", "match", "--connect", "a:1", "--games", "2", "--movetime", "0").exitCode());
        assertEquals(2, Run.of("dxp", "match", "--connect", "a:1", "--games", "2", "--movetime", "20", "--max-plies", "0").exitCode());
        Path openings = dir.resolve("openings.txt");
        Files.writeString(openings, "32-28 19-23\n32-28 28-22\n");
        Run badOpening = Run.of("dxp", "match", "--connect", "a:1", "--games", "2", "--movetime", "20", "--openings", openings.toString());
        assertEquals(2, badOpening.exitCode());
        assertTrue(badOpening.err().get(0).startsWith("plyyard: Openings line 2: "), badOpening.err().get(0));
        Run level = Run.of("dxp", "serve", "--level", "grandmaster");
        assertEquals(2, level.exitCode());
        assertTrue(level.err().get(0).contains("Unknown level 'grandmaster'"), level.err().get(0));
        assertEquals(2, Run.of("dxp", "serve", "--level", "max", "--movetime", "20").exitCode(), "one of --level and --movetime");
        assertEquals(2, Run.of("dxp", "serve", "--port", "1", "--connect", "a:1").exitCode());
        Run threads = Run.of("dxp", "serve", "--port", "1", "--threads", "0");
        assertEquals(2, threads.exitCode());
        assertTrue(threads.err().get(0).contains("--threads must be 1 to 64, not 0."), threads.err().get(0));
        assertEquals(2, Run.of("dxp", "match", "--connect", "a:1", "--games", "2", "--movetime", "20", "--threads", "65")
            .exitCode());
    }

    @Test
    void aFollowerThatCannotReachItsInitiatorSaysSo() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Run r = Run.of("dxp", "serve", "--connect", "127.0.0.1:" + port, "--movetime", "20");
        assertEquals(1, r.exitCode());
        // it reads its endgame table (none here) before dialling, so that its first move is not late
        assertEquals(2, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("dxp: playing with"), r.err().get(0));
        assertTrue(r.err().get(1).startsWith("plyyard: Cannot reach 127.0.0.1:" + port + ": "), r.err().get(1));
    }
}
