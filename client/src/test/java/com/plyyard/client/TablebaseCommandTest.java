package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tablebase build and probe on a small sea (8x8 without the circle rule: a second) and on draughts' two-piece endings,
 * and their refusals.
 */
class TablebaseCommandTest {
    private static final String NO_CIRCLE = "circle-rule=false";

    @Test
    void buildThenProbe(@TempDir Path dir) {
        Run build = Run.of("tablebase", "build", "--island", "e5", "--dir", dir.toString(), "--option", NO_CIRCLE,
            "--threads", "2");
        assertEquals(0, build.exitCode(), build.err()::toString);
        assertEquals(1, build.out().size(), build.out()::toString);
        String line = build.out().get(0);
        assertTrue(line.matches("file=\\S+piracy-8x8-c3-no-circle\\.ptb positions=\\d+ wins=\\d+ draws=\\d+ losses=\\d+"
            + " longest_win=\\d+ seconds=\\d+\\.\\d"), line);
        assertTrue(Files.isRegularFile(dir.resolve("piracy-8x8-c3-no-circle.ptb")));
        assertTrue(build.err().get(build.err().size() - 1).contains("100%"), "the progress bar ends full");

        Run again = Run.of("tablebase", "build", "--island", "c5", "--dir", dir.toString(), "--option", NO_CIRCLE);
        assertTrue(again.out().get(0).endsWith(" cached=true"), "the same class is not built twice: " + again.out());
        assertEquals(line.replaceAll(" seconds=\\S+", ""), again.out().get(0).replaceAll(" seconds=\\S+ cached=true", ""));

        // the spec's kamikaze finish on island c3, the class of e5 (no circle rule): L and R win at once
        Run kamikaze = Run.of("tablebase", "probe", "--dir", dir.toString(), "--option", NO_CIRCLE, "--position",
            "8 c3 g4E:0:+0 g5SE:6:+0 c 0 -");
        assertEquals(0, kamikaze.exitCode(), kamikaze.err()::toString);
        assertEquals("value=win dtw=1", kamikaze.out().get(0));
        assertTrue(List.of("best=L+#,R+#", "best=R+#,L+#").contains(kamikaze.out().get(1)), kamikaze.out().get(1));

        Run survival = Run.of("tablebase", "probe", "--dir", dir.toString(), "--option", NO_CIRCLE, "--position",
            "8 e5 c3NE:0:+0 - c 100 3");
        assertEquals(List.of("value=win dtw=0", "best=F,L,R"), survival.out());
    }

    @Test
    void draughtsBuildThenProbe(@TempDir Path dir) {
        Run build = Run.of("tablebase", "build", "--variant", "draughts:fmjd", "--pieces", "2", "--dir", dir.toString(),
            "--threads", "2");
        assertEquals(0, build.exitCode(), build.err()::toString);
        String line = build.out().get(0);
        assertTrue(line.matches("file=\\S+draughts-fmjd-2pieces\\.dtb positions=\\d+ wins=\\d+ draws=\\d+ losses=\\d+"
            + " longest_win=\\d+ seconds=\\d+\\.\\d"), line);
        // one piece a side, a man on 45 squares (never its promotion row), a king on 50, never two on one square:
        // man–man 45×45 less the 40 squares both men may use, man–king 45×50 − 45 (twice), king–king 50×50 − 50
        assertTrue(line.contains(" positions=" + (45 * 45 - 40 + 2 * (45 * 50 - 45) + 50 * 50 - 50) + " "), line);
        Run again = Run.of("tablebase", "build", "--variant", "draughts:fmjd", "--pieces", "2", "--dir", dir.toString());
        assertTrue(again.out().get(0).endsWith(" cached=true"), again.out()::toString);

        // kings on 28 and 33: White takes, landing on any square behind
        Run take = Run.of("tablebase", "probe", "--variant", "draughts:fmjd", "--dir", dir.toString(), "--position", "W:WK28:BK33");
        assertEquals(List.of("value=win dtw=1", "best=28x39,28x44,28x50"), take.out());
        // kings at the two ends of the long diagonal: White's only diagonal from the corner is Black's, which takes
        Run corner = Run.of("tablebase", "probe", "--variant", "draughts:fmjd", "--dir", dir.toString(), "--position",
            "W:WK46:BK5");
        assertEquals("value=loss dtw=2", corner.out().get(0));
        assertEquals("best=46-10,46-14,46-19,46-23,46-28,46-32,46-37,46-41", corner.out().get(1), "all eight, by square");
        // Black's king off the diagonal: no capture can be forced, a draw
        Run off = Run.of("tablebase", "probe", "--variant", "draughts:fmjd", "--dir", dir.toString(), "--position",
            "W:WK46:BK4");
        assertEquals("value=draw dtw=0", off.out().get(0));

        Run tooMany = Run.of("tablebase", "probe", "--variant", "draughts:fmjd", "--dir", dir.toString(), "--position",
            "W:W31-50:B1-20");
        assertEquals(2, tooMany.exitCode());
        assertTrue(tooMany.err().get(0).contains("at most 2 pieces"), tooMany.err().get(0));
        Run otherRules = Run.of("tablebase", "probe", "--variant", "draughts:plyyard", "--dir", dir.toString(), "--position",
            "W:WK28:BK33");
        assertEquals(1, otherRules.exitCode());
        assertTrue(otherRules.err().get(0).contains("./plyyard tablebase build --variant draughts:plyyard --dir "),
            otherRules.err().get(0));
    }

    @Test
    void draughtsRefusals(@TempDir Path dir) {
        assertEquals(2, Run.of("tablebase", "build", "--variant", "draughts:fmjd", "--pieces", "6", "--dir", dir.toString())
            .exitCode());
        assertEquals(2, Run.of("tablebase", "build", "--variant", "draughts:fmjd", "--option", "circle-rule=false", "--dir",
            dir.toString()).exitCode());
        Run chess = Run.of("tablebase", "build", "--variant", "chess", "--dir", dir.toString());
        assertEquals(2, chess.exitCode());
        assertTrue(chess.err().get(0).contains("draughts:fmjd"), chess.err().get(0));
        Run noIsland = Run.of("tablebase", "build", "--dir", dir.toString());
        assertEquals(2, noIsland.exitCode());
        assertTrue(noIsland.err().get(0).contains("--island"), noIsland.err().get(0));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing written");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void refusals(@TempDir Path dir) {
        Run missing = Run.of("tablebase", "probe", "--dir", dir.toString(), "--position", "8 d4 b2NE:0:+0 g7SW:0:+0 c 0 -");
        assertEquals(1, missing.exitCode());
        assertTrue(missing.err().get(0).contains("./plyyard tablebase build --island d4"), missing.err().get(0));
        Run malformed = Run.of("tablebase", "probe", "--dir", dir.toString(), "--position", "8 d4 nonsense");
        assertEquals(2, malformed.exitCode());
        Run island = Run.of("tablebase", "build", "--island", "a1", "--dir", dir.toString());
        assertEquals(2, island.exitCode());
        assertEquals(1, island.err().size(), island.err()::toString);
        Run tooBig = Run.of("tablebase", "build", "--island", "e5", "--board", "26", "--dir", dir.toString());
        assertTrue(tooBig.exitCode() != 0, "a 26x26 table cannot be built");
        assertTrue(tooBig.err().get(0).contains("26x26"), tooBig.err().get(0));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing written");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
