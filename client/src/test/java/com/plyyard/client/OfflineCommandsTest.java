package com.plyyard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class OfflineCommandsTest {
    private static final Pattern DEPTH_LINE = Pattern.compile("d=(\\d+) nodes=(\\d+) ms=(\\d+)");
    private static final Pattern MOVE_LINE = Pattern.compile("move=(\\S+) nodes=(\\d+)");

    private static void assertOk(Run r) {
        assertEquals(0, r.exitCode(), () -> "stderr: " + r.err());
        assertEquals(List.of(), r.err());
    }

    private static long nodes(String depthLine, int expectedDepth) {
        Matcher m = DEPTH_LINE.matcher(depthLine);
        assertTrue(m.matches(), depthLine);
        assertEquals(expectedDepth, Integer.parseInt(m.group(1)), depthLine);
        return Long.parseLong(m.group(2));
    }

    // ---- perft

    @Test
    void perftPrintsOneLinePerDepth() {
        Run r = Run.of("perft", "--variant", "draughts:fmjd", "--depth", "3");
        assertOk(r);
        assertEquals(3, r.out().size(), r.out()::toString);
        assertEquals(9, nodes(r.out().get(0), 1));
        assertEquals(81, nodes(r.out().get(1), 2));
        assertEquals(658, nodes(r.out().get(2), 3));
        assertTrue(r.out().get(0).startsWith("d=1 nodes=9 ms="));
    }

    @Test
    void perftFromAGivenPosition() {
        Run r = Run.of("perft", "--variant", "draughts:fmjd", "--position", "W:W31-50:B1-20", "--depth", "4");
        assertOk(r);
        assertEquals(4265, nodes(r.out().get(3), 4));
    }

    @Test
    void perftDivideSumsToTheTotal() {
        Run r = Run.of("perft", "--variant", "draughts:fmjd", "--depth", "3", "--divide");
        assertOk(r);
        assertEquals(9 + 3, r.out().size(), r.out()::toString);
        long sum = 0;
        List<String> order = Variants.get("draughts:fmjd").start().legalMoves().stream().map(LegalMove::notation).toList();
        for (int i = 0; i < 9; i++) {
            Matcher m = MOVE_LINE.matcher(r.out().get(i));
            assertTrue(m.matches(), r.out().get(i));
            assertEquals(order.get(i), m.group(1), "legal-move order");
            sum += Long.parseLong(m.group(2));
        }
        assertEquals(658, sum);
        assertEquals(9, nodes(r.out().get(9), 1));
        assertEquals(81, nodes(r.out().get(10), 2));
        assertEquals(658, nodes(r.out().get(11), 3));
    }

    @Test
    @Tag("slow")
    void perftStartDepth7() {
        Run r = Run.of("perft", "--variant", "draughts:fmjd", "--depth", "7", "--divide");
        assertOk(r);
        assertEquals(1_049_442, nodes(r.out().get(r.out().size() - 1), 7));
    }

    // ---- moves

    @Test
    void movesAtThePlyyardStartAreBlacks() {
        Run r = Run.of("moves", "--variant", "draughts:plyyard");
        assertOk(r);
        // Black men on 16..20 step to 21..25; 16 and 20 stand on the edge and have one move each
        assertEquals(List.of("16-21", "17-21", "17-22", "18-22", "18-23", "19-23", "19-24", "20-24", "20-25"), r.out());
        assertEquals(Variants.get("draughts:plyyard").start().legalMoves().stream().map(LegalMove::notation).toList(), r.out());
    }

    @Test
    void movesWhenACaptureIsCompulsory() {
        Run r = Run.of("moves", "--variant", "draughts:fmjd", "--position", "W:W28,40:B23,5");
        assertOk(r);
        assertEquals(List.of("28x19"), r.out());
    }

    @Test
    void movesPrintNothingWhenTheGameIsOver() {
        Run r = Run.of("moves", "--variant", "draughts:fmjd", "--position", "B:W28:B");
        assertOk(r);
        assertEquals(List.of(), r.out());
    }

    // ---- apply

    @Test
    void applyPrintsPositionAndStatus() {
        Run r = Run.of("apply", "--variant", "draughts:fmjd", "--moves", "32-28 19-23");
        assertOk(r);
        assertEquals(List.of("position=W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
                + ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23",
            "status=ongoing to_move=white ply=2"), r.out());
        assertEquals(r.out(), Run.of("apply", "--variant", "draughts:fmjd", "--moves", " 32-28, 19-23 ,").out(),
            "spaces and commas both separate moves");
    }

    @Test
    void applyWithoutMovesCanonicalisesThePosition() {
        Run r = Run.of("apply", "--variant", "draughts:plyyard", "--position", "B:B1-3:W48-50");
        assertOk(r);
        assertEquals(List.of("position=B:W48,49,50:B1,2,3", "status=ongoing to_move=black ply=0"), r.out());
    }

    @Test
    void applyUntilAWin() {
        Run r = Run.of("apply", "--variant", "draughts:fmjd", "--position", "W:W28:B23", "--moves", "28x19");
        assertOk(r);
        assertEquals(List.of("position=B:W19:B", "status=win winner=white reason=no-pieces ply=1"), r.out());
    }

    @Test
    void applyUntilADrawWithAnOption() {
        Run r = Run.of("apply", "--variant", "draughts:plyyard", "--option", "no-capture-draw-plies=2",
            "--position", "W:WK47:BK4", "--moves", "47-42 4-9");
        assertOk(r);
        assertEquals(List.of("position=W:WK42:BK9", "status=draw reason=no-capture-limit ply=2"), r.out());
    }

    @Test
    void applyAnIllegalMoveNamesItsNumber() {
        Run r = Run.of("apply", "--variant", "draughts:fmjd", "--moves", "32-28 32-27");
        assertEquals(2, r.exitCode());
        assertEquals(List.of(), r.out());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("plyyard: move 2 (32-27): "), r.err().get(0));
    }

    @Test
    void applyAfterTheGameEnded() {
        Run r = Run.of("apply", "--variant", "draughts:fmjd", "--position", "W:W28:B23", "--moves", "28x19 1-6");
        assertEquals(2, r.exitCode());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("plyyard: move 2 (1-6): The game is over"), r.err().get(0));
    }

    // ---- bad input: exit code 2 and exactly one line on stderr

    private static void assertBadInput(String expectedPart, String... args) {
        Run r = Run.of(args);
        assertEquals(2, r.exitCode(), () -> "stdout " + r.out() + " stderr " + r.err());
        assertEquals(List.of(), r.out());
        assertEquals(1, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("plyyard: "), r.err().get(0));
        assertTrue(r.err().get(0).contains(expectedPart), r.err().get(0));
    }

    @Test
    void unknownVariant() {
        assertBadInput("Unknown variant 'draughts:russian'", "moves", "--variant", "draughts:russian");
        assertBadInput("Unknown variant", "perft", "--variant", "chess", "--depth", "1");
        assertBadInput("Unknown variant", "apply", "--variant", "chess", "--moves", "e2-e4");
    }

    @Test
    void malformedPosition() {
        assertBadInput("Malformed FEN", "moves", "--variant", "draughts:fmjd", "--position", "X:W1:B2");
        assertBadInput("Malformed FEN", "perft", "--variant", "draughts:fmjd", "--position", "W:W31-50", "--depth", "1");
        assertBadInput("Malformed FEN", "apply", "--variant", "draughts:fmjd", "--position", "W:", "--moves", "");
    }

    @Test
    void malformedMove() {
        assertBadInput("move 1 (32-)", "apply", "--variant", "draughts:fmjd", "--moves", "32-");
    }

    @Test
    void badDepth() {
        assertBadInput("--depth must be between 1 and", "perft", "--variant", "draughts:fmjd", "--depth", "0");
        assertBadInput("--depth must be between 1 and", "perft", "--variant", "draughts:fmjd", "--depth", "99");
    }

    @Test
    void unknownOrBadOption() {
        assertBadInput("Unknown option 'frobs'", "moves", "--variant", "draughts:plyyard", "--option", "frobs=3");
        assertBadInput("no-capture-draw-plies", "moves", "--variant", "draughts:plyyard", "--option",
            "no-capture-draw-plies=many");
        assertBadInput("draughts:fmjd has no options", "perft", "--variant", "draughts:fmjd", "--option",
            "no-capture-draw-plies=10", "--depth", "1");
    }

    // ---- usage errors: exit code 2, one message line plus the usage hint

    private static String assertUsageError(String... args) {
        Run r = Run.of(args);
        assertEquals(2, r.exitCode(), () -> "stderr " + r.err());
        assertEquals(List.of(), r.out());
        assertEquals(2, r.err().size(), r.err()::toString);
        assertTrue(r.err().get(0).startsWith("plyyard: "), r.err().get(0));
        assertTrue(r.err().get(1).startsWith("Try 'plyyard") && r.err().get(1).endsWith("--help' for more information."),
            r.err().get(1));
        return r.err().get(0);
    }

    @Test
    void usageErrors() {
        assertTrue(assertUsageError("frobnicate").contains("Unknown subcommand 'frobnicate'"));
        assertUsageError("perft", "--variant", "draughts:fmjd", "--depth", "3", "--frob");
        assertUsageError("perft", "--variant", "draughts:fmjd", "--depth", "three");
        assertUsageError("perft", "--depth", "3");
        assertUsageError("moves", "--variant", "draughts:fmjd", "--option", "no-equals-sign");
        assertUsageError();
    }

    @Test
    void aMistypedSubcommandOrOptionSaysWhatWasMeant() {
        assertTrue(assertUsageError("paly").startsWith("plyyard: Unknown subcommand 'paly'; did you mean 'play'? The "
            + "subcommands are perft, moves, "), "letters swapped");
        assertEquals("plyyard: Unknown subcommand 'jion'; did you mean 'join'? The subcommands of pool are join, leave, list.",
            assertUsageError("pool", "jion"));
        assertTrue(assertUsageError("rec").startsWith("plyyard: Unknown subcommand 'rec'; did you mean 'recover' or "
            + "'recovery-codes'? "), "the start of a name");
        assertTrue(assertUsageError("frobnicate").startsWith("plyyard: Unknown subcommand 'frobnicate'; the subcommands are "),
            "nothing close: no guess");
        assertEquals("plyyard: Unknown option: '--all-other'; did you mean '--all-others'?",
            assertUsageError("logout", "--all-other"));
    }

    @Test
    void closeNamesAreFewEditsAway() {
        assertEquals(1, com.plyyard.client.cli.Suggestions.distance("paly", "play"), "a swap is one edit");
        assertEquals(3, com.plyyard.client.cli.Suggestions.distance("paly", "pool"), "three letters changed");
        assertEquals(List.of("watch"), com.plyyard.client.cli.Suggestions.closest("wacth", List.of("match", "watch", "moves")));
        assertEquals(List.of(), com.plyyard.client.cli.Suggestions.closest("zz", List.of("up", "play")));
    }

    @Test
    void helpWorks() {
        Run r = Run.of("--help");
        assertEquals(0, r.exitCode());
        String text = String.join("\n", r.out());
        for (String sub : List.of("perft", "moves", "apply", "up")) {
            assertTrue(text.contains(sub), text);
        }
        Run perft = Run.of("perft", "--help");
        assertEquals(0, perft.exitCode());
        assertTrue(String.join("\n", perft.out()).contains("--divide"));
    }
}
