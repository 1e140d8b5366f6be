package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.online.Lobby;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./plyyard up} after an {@code up} that was killed hard: the real command (client/target/plyyard.jar, the jar
 * the {@code ./plyyard} script runs) in a process of its own, on test ports, with a Ply Yard home of its own.
 * <ol>
 *   <li>SIGKILL to {@code up} alone: its three services notice and stop by themselves (the lobby stopping its
 *       PostgreSQL), and an {@code up} started at once waits for them and starts.</li>
 *   <li>SIGKILL to {@code up} and its three services together (a crash of the whole tree): the embedded PostgreSQL
 *       outlives them, holding the data directory; the next {@code up} stops it and starts.</li>
 * </ol>
 * Both times the data survive (the same player behind the same token), and the services' logs are in the Ply Yard
 * home. How long each start took is printed, not asserted (the machine's speed varies); a start that hangs fails at
 * {@code up}'s own timeout.
 */
@Timeout(900)
class UpAfterKillIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final int LOBBY = 27270;
    private static final int RULES = 27271;
    private static final int AI = 27272;
    private static final String TARGET = "localhost:" + LOBBY;
    private static Path plyyardHome;
    private static Path credentials;
    private static final List<ProcessHandle> everything = Collections.synchronizedList(new ArrayList<>());

    /** One {@code up} process and the lines it printed. */
    private record Up(Process process, List<String> out) {
        boolean printed(String prefix) {
            synchronized (out) {
                return out.stream().anyMatch(l -> l.startsWith(prefix));
            }
        }

        String transcript() {
            synchronized (out) {
                return String.join("\n", out);
            }
        }

        /** The service processes it started (java children), as the system sees them now. */
        List<ProcessHandle> services() {
            return process.toHandle().children().filter(p -> p.info().command().orElse("").endsWith("java")).toList();
        }
    }

    @BeforeAll
    static void home() throws IOException {
        plyyardHome = Files.createTempDirectory("plyyard-up-kill");
        credentials = Files.createDirectories(plyyardHome.resolve("client"));
        System.setProperty("plyyard.credentials.dir", credentials.toString());
    }

    @AfterAll
    static void cleanUp() throws IOException {
        System.clearProperty("plyyard.credentials.dir");
        synchronized (everything) {
            everything.forEach(ProcessHandle::destroyForcibly);
        }
        postmaster().ifPresent(ProcessHandle::destroyForcibly);
        try (Stream<Path> walk = Files.walk(plyyardHome)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Starts {@code ./plyyard up} as the script does, and waits until it says every service is ready. */
    private static Up startUp(String what) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Dplyyard.home=" + ROOT, "-jar",
            ROOT.resolve("client/target/plyyard.jar").toString(), "up", "--timeout", "180")
            .directory(ROOT.toFile()).redirectErrorStream(true);
        pb.environment().put("PLYYARD_HOME", plyyardHome.toString());
        pb.environment().put("LOBBY_PORT", Integer.toString(LOBBY));
        pb.environment().put("RULES_PORT", Integer.toString(RULES));
        pb.environment().put("AI_PORT", Integer.toString(AI));
        long t0 = System.nanoTime();
        Process p = pb.start();
        everything.add(p.toHandle());
        List<String> out = Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    out.add(line);
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "up-output");
        reader.setDaemon(true);
        reader.start();
        Up up = new Up(p, out);
        while (!up.printed("logs in ")) {
            assertTrue(p.isAlive(), () -> what + ": up ended (" + p.exitValue() + ") before it was ready:\n" + up.transcript());
            Thread.sleep(100);
        }
        up.services().forEach(everything::add);
        System.out.printf("UpAfterKillIT: %s: ready after %.1f s%n", what, (System.nanoTime() - t0) / 1e9);
        return up;
    }

    /** The postmaster on the Ply Yard home's data directory, if one runs. */
    private static Optional<ProcessHandle> postmaster() {
        try {
            List<String> lines = Files.readAllLines(plyyardHome.resolve("lobby-db/postmaster.pid"));
            return ProcessHandle.of(Long.parseLong(lines.get(0).strip())).filter(ProcessHandle::isAlive);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String playerId(String name) {
        try (Lobby lobby = Lobby.connect(TARGET, name)) {
            return lobby.me().getId();
        }
    }

    private static void awaitExit(ProcessHandle p, String what) throws Exception {
        assertTrue(p.onExit().thenApply(x -> true).completeOnTimeout(false, 60, TimeUnit.SECONDS).get(),
            what + " (pid " + p.pid() + ") is still running");
    }

    @Test
    void upStartsAgainAfterItWasKilledAloneAndAfterTheWholeTreeWasKilled() throws Exception {
        Up first = startUp("first up");
        assertEquals(3, first.services().size(), first.transcript());
        String logsLine = first.out().stream().filter(l -> l.startsWith("logs in ")).findFirst().orElseThrow();
        assertTrue(logsLine.contains(plyyardHome.resolve("logs").toString()), logsLine);
        for (String service : List.of("rules-service", "ai-service", "lobby-service")) {
            assertTrue(Files.size(plyyardHome.resolve("logs/" + service + ".log")) > 0, service + "'s log in the home");
        }
        String player = playerId("survivor");

        // 1. SIGKILL to up alone: the services stop by themselves, and the lobby stops its PostgreSQL
        List<ProcessHandle> services = first.services();
        first.process().destroyForcibly();
        Up second = startUp("up right after a SIGKILL of up");
        for (ProcessHandle s : services) {
            awaitExit(s, "a service of the killed up");
        }
        assertEquals(player, playerId("survivor"), "the data survived");

        // 2. SIGKILL to up and its services at once: PostgreSQL is left behind, holding the data directory
        ProcessHandle leftover = postmaster().orElseThrow(() -> new AssertionError("the lobby's PostgreSQL runs"));
        List<ProcessHandle> tree = new ArrayList<>(second.services());
        tree.add(second.process().toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            awaitExit(p, "a killed process");
        }
        assertTrue(leftover.isAlive(), "the premise: PostgreSQL outlives its killed lobby");
        Up third = startUp("up after a SIGKILL of up and its services");
        awaitExit(leftover, "the leftover PostgreSQL");
        String lobbyLog = Files.readString(plyyardHome.resolve("logs/lobby-service.log"));
        assertTrue(lobbyLog.contains("is still running on " + plyyardHome.resolve("lobby-db")), lobbyLog);
        assertEquals(player, playerId("survivor"), "the data survived");

        // and a plain stop (TERM, as Ctrl-C) leaves nothing behind
        List<ProcessHandle> last = third.services();
        ProcessHandle lastPostmaster = postmaster().orElseThrow();
        third.process().destroy();
        assertTrue(third.process().waitFor(90, TimeUnit.SECONDS), third.transcript());
        for (ProcessHandle s : last) {
            awaitExit(s, "a service after TERM");
        }
        awaitExit(lastPostmaster, "PostgreSQL after TERM");
        assertFalse(Files.exists(plyyardHome.resolve("up.pid")), "the run record is removed by a clean stop");
    }
}
