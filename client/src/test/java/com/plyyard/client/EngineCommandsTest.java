package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.client.selfplay.MatchSummary;
import com.plyyard.engine.catalog.Variants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bestmove and match: the engine from the command line. */
class EngineCommandsTest {
    private static final Pattern BEST = Pattern.compile("bestmove=(\\S+) score=(-?\\d+) depth=(\\d+) nodes=(\\d+) ms=(\\d+)");
    private static final Pattern SUMMARY = Pattern.compile(
        "games=(\\d+) wins=(\\d+) draws=(\\d+) losses=(\\d+) score=(\\d+\\.\\d) elo=(-?\\d+\\.\\d)±(\\d+\\.\\d)");

    @Test
    void bestmoveFindsTheShot() {
        Run r = Run.of("bestmove", "--variant", "draughts:fmjd", "--position", "W:W31,32,38,43:B3,21,22", "--depth", "4");
        assertEquals(0, r.exitCode(), r.err()::toString);
        String last = r.out().get(r.out().size() - 1);
        Matcher m = BEST.matcher(last);
        assertTrue(m.matches(), last);
        assertEquals("32-27", m.group(1));
        assertEquals("4", m.group(3));
        assertTrue(r.out().get(0).startsWith("info depth=1 score="), r.out().get(0));
    }

    @Test
    void bestmoveForEveryGameAndLimit() {
        for (String variant : List.of("ploy:imperium:team", "piracy:classic", "draughts:plyyard")) {
            for (String[] limit : List.of(new String[] {"--level", "beginner"}, new String[] {"--movetime", "50"},
                new String[] {"--nodes", "2000"})) {
                Run r = Run.of("bestmove", "--variant", variant, limit[0], limit[1]);
                assertEquals(0, r.exitCode(), variant + " " + limit[0] + ": " + r.err());
                Matcher m = BEST.matcher(r.out().get(r.out().size() - 1));
                assertTrue(m.matches(), r.out().toString());
                String move = m.group(1);
                assertTrue(Variants.get(variant).start().legalMoves().stream().anyMatch(x -> x.notation().equals(move)), move);
            }
        }
    }

    @Test
    void bestmoveBadInput() {
        Run over = Run.of("bestmove", "--variant", "draughts:fmjd", "--position", "B:W28:B", "--depth", "3");
        assertEquals(2, over.exitCode());
        assertTrue(over.err().get(0).contains("game is over"), over.err().get(0));
        assertEquals(2, Run.of("bestmove", "--variant", "draughts:fmjd").exitCode(), "a limit is required");
        assertEquals(2, Run.of("bestmove", "--variant", "draughts:fmjd", "--depth", "3", "--movetime", "9").exitCode(),
            "one limit only");
        assertEquals(2, Run.of("bestmove", "--variant", "draughts:fmjd", "--level", "grandmaster").exitCode());
        assertEquals(2, Run.of("bestmove", "--variant", "draughts:fmjd", "--depth", "0").exitCode());
    }

    @Test
    void aShortMatch(@TempDir Path dir) throws Exception {
        Path openings = dir.resolve("openings.txt");
        Files.writeString(openings, "# two openings\n8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -\nF F\n");
        Run r = Run.of("match", "--variant", "piracy:classic", "--option", "island=d4", "--a", "casual", "--b", "beginner",
            "--games", "4", "--openings", openings.toString());
        assertEquals(0, r.exitCode(), r.err()::toString);
        assertEquals(5, r.out().size(), r.out()::toString);
        assertTrue(r.out().get(0).matches("game=1 a=cook result=(win|draw|loss) plies=\\d+ reason=\\S+"), r.out().get(0));
        assertTrue(r.out().get(1).startsWith("game=2 a=silver "), r.out().get(1));
        Matcher m = SUMMARY.matcher(r.out().get(4));
        assertTrue(m.matches(), r.out().get(4));
        assertEquals(4, Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4)));
    }

    @Test
    void matchBadInput(@TempDir Path dir) throws Exception {
        assertEquals(2, Run.of("match", "--variant", "draughts:fmjd", "--a", "max", "--b", "beginner", "--games", "0").exitCode());
        assertEquals(2, Run.of("match", "--variant", "draughts:fmjd", "--a", "best", "--b", "beginner", "--games", "2").exitCode());
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "32-28 99-1\n");
        Run r = Run.of("match", "--variant", "draughts:fmjd", "--a", "casual", "--b", "beginner", "--games", "2",
            "--openings", bad.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().get(0).contains("Openings line 1"), r.err().get(0));
    }

    @Test
    void eloArithmetic() {
        MatchSummary even = new MatchSummary(10, 5, 0, 5);
        assertEquals(0.0, even.elo(), 1e-9);
        MatchSummary threeQuarters = new MatchSummary(100, 75, 0, 25);
        assertEquals(190.8, threeQuarters.elo(), 0.1);
        // se = sqrt(0.1875 / 100) = 0.0433; margin = 1.96 * 0.0433 * 400 / (ln 10 * 0.1875) = 78.6
        assertEquals(78.6, threeQuarters.margin(), 0.1);
        MatchSummary perfect = new MatchSummary(4, 4, 0, 0);
        assertTrue(Double.isFinite(perfect.elo()) && perfect.elo() > 300);
        assertTrue(perfect.margin() > 0);
        assertEquals("games=100 wins=75 draws=0 losses=25 score=75.0 elo=190.8±78.6", threeQuarters.line());
    }
}
