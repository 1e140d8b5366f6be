package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sprt} with fake engines (bash scripts that print what {@code dxp match --listen 0} prints), with our own build
 * against itself, and its usage errors.
 */
class SprtCommandTest {
    private static final Pattern GAME = Pattern.compile(
        "game=(\\d+) pair=(\\d+) opening=(\\S+) a=(white|black) result=(win|draw|loss) plies=(\\d+) reason=(\\S+) "
            + "llr=(-?\\d+\\.\\d\\d)");
    private static final Pattern SUMMARY = Pattern.compile(
        "games=(\\d+) wins=(\\d+) draws=(\\d+) losses=(\\d+) score=(\\d+\\.\\d) elo=(-?\\d+\\.\\d)±(\\d+\\.\\d)");
    private static final Pattern DECISION = Pattern.compile(
        "sprt llr=(-?\\d+\\.\\d\\d) lower=(-?\\d+\\.\\d\\d) upper=(\\d+\\.\\d\\d) elo0=(-?\\d+\\.\\d) elo1=(-?\\d+\\.\\d) "
            + "alpha=(\\d\\.\\d\\d) beta=(\\d\\.\\d\\d) decision=(H1|H0|none)");

    /** A fake {@code dxp match --listen 0}: its pid and arguments to files, the listening line, then game lines. */
    private static String fakeMatch(Path dir, String results) {
        return "#!/usr/bin/env bash\n"
            + "echo $$ >> '" + dir.resolve("pids") + "'\n"
            + "printf '%s\\n' \"$@\" > '" + dir + "/args-'$$\n"
            + "for a in \"$@\"; do\n"
            + "  if [ \"$prev\" = --openings ]; then cp \"$a\" '" + dir + "/openings-'$$; fi; prev=\"$a\"\n"
            + "done\n"
            + "echo 'dxp: listening on port 45678; start the follower, e.g. mobydam -c 127.0.0.1 -p 45678' >&2\n"
            // no game before as many B's as A's have recorded their pids (a B stopped early could record nothing)
            + "echo $$ >> '" + dir.resolve("as") + "'\n"
            + "for i in $(seq 1 500); do\n"
            + "  [ \"$(cat '" + dir.resolve("bs") + "' 2>/dev/null | wc -l)\" -ge \"$(wc -l < '" + dir.resolve("as") + "')\" ] && break\n"
            + "  sleep 0.02\n"
            + "done\n"
            + "results=(" + results + ")\n"
            + "i=0\n"
            + "while true; do\n"
            + "  r=${results[$((i % ${#results[@]}))]}; i=$((i + 1))\n"
            + "  echo \"game=$i opening=31-26,16-21 ours=white result=$r plies=40 reason=no-pieces\"\n"
            + "  sleep 0.02\n"
            + "done\n";
    }

    /** A fake {@code dxp serve --connect}: its pid and its child's to the file, then it waits. */
    private static String fakeServe(Path dir) {
        return "#!/usr/bin/env bash\n"
            + "echo $$ >> '" + dir.resolve("pids") + "'\n"
            // the runner stops B's descendants, then B: a TERM that comes between the two while B forks its sleep
            // would orphan it, so B takes its child with it (a real dxp serve is one JVM and forks nothing)
            + "trap 'kill $! 2>/dev/null; exit 143' TERM\n"
            + "sleep 600 &\n"
            + "echo $! >> '" + dir.resolve("pids") + "'\n"
            + "echo $$ >> '" + dir.resolve("bs") + "'\n"
            + "wait\n";
    }

    private static String script(Path dir, String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p.toString();
    }

    /** Every process whose pid was recorded is gone; at least {@code recorded} of them were. */
    private static void assertAllGone(Path pids, int recorded) throws Exception {
        List<String> lines = Files.readAllLines(pids);
        assertTrue(lines.size() >= recorded, lines::toString);
        long deadline = System.nanoTime() + 5_000_000_000L;
        for (String line : lines) {
            long pid = Long.parseLong(line.strip());
            while (alive(pid) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(alive(pid), () -> "process " + pid + " is still running");
        }
    }

    private static boolean alive(long pid) throws Exception {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            // a zombie is gone in all but name: it runs nothing
            Path stat = Path.of("/proc/" + pid + "/stat");
            return !Files.exists(stat) || !Files.readString(stat).replaceFirst("^.*\\) ", "").startsWith("Z");
        }
        return false;
    }

    @Test
    void stopsAtH1AndStopsTheChildren(@TempDir Path dir) throws Exception {
        String a = script(dir, "a.sh", fakeMatch(dir, "win win draw"));
        String b = script(dir, "b.sh", fakeServe(dir));
        Run r = Run.of("sprt", "--a", a, "--b", b, "--movetime", "7", "--elo1", "50", "--max-games", "1000",
            "--pdn-dir", dir.resolve("games").toString());
        assertEquals(0, r.exitCode(), r.err()::toString);
        List<String> out = r.out();
        int games = out.size() - 2;
        assertTrue(games >= 3 && games < 50, out::toString); // a draw is needed: wins alone have no spread, LLR 0
        for (int i = 0; i < games; i++) {
            Matcher m = GAME.matcher(out.get(i));
            assertTrue(m.matches(), out.get(i));
            assertEquals(Integer.toString(i + 1), m.group(1), "games count from 1 over both pairs");
            assertTrue(m.group(2).equals("1") || m.group(2).equals("2"), out.get(i));
            assertEquals("white", m.group(4));
        }
        assertTrue(Double.parseDouble(GAME.matcher(out.get(games - 1)).results().findFirst().orElseThrow().group(8)) >= 2.94);
        Matcher summary = SUMMARY.matcher(out.get(games));
        assertTrue(summary.matches(), out.get(games));
        assertEquals(Integer.toString(games), summary.group(1));
        assertEquals("0", summary.group(4), "no losses");
        Matcher decision = DECISION.matcher(out.get(games + 1));
        assertTrue(decision.matches(), out.get(games + 1));
        assertEquals("H1", decision.group(8));
        assertEquals("-2.94", decision.group(2));
        assertEquals("2.94", decision.group(3));
        assertEquals("50.0", decision.group(5));
        assertAllGone(dir.resolve("pids"), 2); // at least a B and its child
        assertTrue(Files.isDirectory(dir.resolve("games")), "the PDN directory is created");
    }

    @Test
    void allDrawsRunOutOfGamesUndecided(@TempDir Path dir) throws Exception {
        String a = script(dir, "a.sh", fakeMatch(dir, "draw"));
        String b = script(dir, "b.sh", fakeServe(dir));
        Run r = Run.of("sprt", "--a", a, "--b", b, "--movetime", "7", "--max-games", "5", "--max-plies", "90",
            "--threads", "2", "--pdn-dir", dir.resolve("games").toString());
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertEquals(7, r.out().size(), r.out()::toString);
        for (int i = 0; i < 5; i++) {
            assertTrue(r.out().get(i).startsWith("game=" + (i + 1) + " pair="), r.out().get(i));
            assertTrue(r.out().get(i).endsWith(" result=draw plies=40 reason=no-pieces llr=0.00"), r.out().get(i));
        }
        assertTrue(r.out().get(5).startsWith("games=5 wins=0 draws=5 losses=0 score=50.0 "), r.out().get(5));
        assertEquals("sprt llr=0.00 lower=-2.94 upper=2.94 elo0=0.0 elo1=5.0 alpha=0.05 beta=0.05 decision=none", r.out().get(6));
        assertAllGone(dir.resolve("pids"), 2); // at least a B and its child
        // each of the two pairs: dxp match with its share of the games and every other ballot (81 = 41 + 40)
        List<Path> args;
        try (Stream<Path> files = Files.list(dir)) {
            args = files.filter(p -> p.getFileName().toString().startsWith("args-")).toList();
        }
        assertEquals(2, args.size(), args::toString);
        int ballots = 0;
        for (Path p : args) {
            List<String> argv = Files.readAllLines(p);
            assertEquals(List.of("dxp", "match", "--listen", "0", "--games", "4", "--movetime", "7", "--max-plies", "90",
                "--threads", "2", "--openings"), argv.subList(0, 13), argv::toString);
            assertTrue(argv.get(14).equals("--pdn") && argv.get(15).matches(".*pair-[12]\\.pdn"), argv::toString);
            String pid = p.getFileName().toString().substring("args-".length());
            List<String> openings = Files.readAllLines(dir.resolve("openings-" + pid));
            assertTrue(openings.size() == 41 || openings.size() == 40, openings::toString);
            assertTrue(openings.get(0).equals("31-26,16-21") || openings.get(0).equals("31-26,17-21"), openings::toString);
            ballots += openings.size();
        }
        assertEquals(81, ballots);
    }

    @Test
    void aChildThatExitsEndsTheRun(@TempDir Path dir) throws Exception {
        // B may be stopped before its script has recorded anything: A records itself, so there is a pid to check
        String a = script(dir, "a.sh", "#!/usr/bin/env bash\n"
            + "echo $$ >> '" + dir.resolve("pids") + "'\n"
            + "echo 'dxp: listening on port 45678; start the follower, e.g. mobydam -c 127.0.0.1 -p 45678' >&2\n"
            + "echo 'fake: the weights file is missing' >&2\n"
            + "exit 3\n");
        String b = script(dir, "b.sh", fakeServe(dir));
        Run r = Run.of("sprt", "--a", a, "--b", b, "--movetime", "7", "--concurrency", "1",
            "--pdn-dir", dir.resolve("games").toString());
        assertEquals(1, r.exitCode(), r.out()::toString);
        String err = String.join("\n", r.err());
        assertTrue(err.startsWith("plyyard: Pair 1: A's command '" + a + " dxp match --listen 0"), err);
        assertTrue(err.contains("exited with code 3 before the test decided"), err);
        assertTrue(err.contains("fake: the weights file is missing"), err);
        assertAllGone(dir.resolve("pids"), 1);
    }

    @Test
    void ourBuildAgainstItself(@TempDir Path dir) {
        String plyyard = Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
            + System.getProperty("java.class.path") + " " + PlyYard.class.getName();
        assertFalse(System.getProperty("java.class.path").contains(" "), "the command is split on blanks");
        Run r = Run.of("sprt", "--a", plyyard, "--b", plyyard, "--movetime", "5", "--max-games", "2", "--max-plies", "20",
            "--concurrency", "1", "--pdn-dir", dir.toString());
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertEquals(4, r.out().size(), r.out()::toString);
        assertTrue(GAME.matcher(r.out().get(0)).matches(), r.out().get(0));
        assertTrue(r.out().get(0).startsWith("game=1 pair=1 opening=31-26,16-21 a=white "), r.out().get(0));
        assertTrue(r.out().get(1).startsWith("game=2 pair=1 opening=31-26,16-21 a=black "), r.out().get(1));
        assertTrue(SUMMARY.matcher(r.out().get(2)).matches(), r.out().get(2));
        Matcher decision = DECISION.matcher(r.out().get(3));
        assertTrue(decision.matches(), r.out().get(3));
        assertTrue(Files.isRegularFile(dir.resolve("pair-1.pdn")));
    }

    @Test
    void usageErrors(@TempDir Path dir) {
        String[] base = {"sprt", "--a", "true", "--b", "true", "--pdn-dir", dir.toString()};
        assertUsage("--elo1 must be greater than --elo0", base, "--movetime", "5", "--elo0", "5", "--elo1", "5");
        assertUsage("--alpha must be between 0 and 0.5", base, "--movetime", "5", "--alpha", "0.5");
        assertUsage("--beta must be between 0 and 0.5", base, "--movetime", "5", "--beta", "0");
        assertUsage("--concurrency must be 1 to 16, not 17.", base, "--movetime", "5", "--concurrency", "17");
        assertUsage("--concurrency must be 1 to 16, not 0.", base, "--movetime", "5", "--concurrency", "0");
        assertUsage("--movetime must be between 1 and 3600000 ms, not 0.", base, "--movetime", "0");
        assertUsage("--max-games must be at least 1, not 0.", base, "--movetime", "5", "--max-games", "0");
        assertUsage("Cannot read the openings file", base, "--movetime", "5", "--openings",
            dir.resolve("missing.txt").toString());
        Run empty = Run.of("sprt", "--a", " ", "--b", "true", "--movetime", "5");
        assertEquals(2, empty.exitCode());
        assertTrue(empty.err().get(0).startsWith("plyyard: --a must be a command that starts a Ply Yard client"),
            empty.err()::toString);
        Run missing = Run.of("sprt", "--a", "true", "--movetime", "5");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().get(0).contains("--b"), missing.err()::toString);
        assertFalse(new File(dir.toFile(), "pair-1.pdn").exists(), "nothing started");
    }

    private static void assertUsage(String sentence, String[] base, String... more) {
        String[] args = Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new);
        Run r = Run.of(args);
        assertEquals(2, r.exitCode(), () -> String.join(" ", args) + ": " + r.err());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("plyyard: " + sentence), r.err()::toString);
    }
}
