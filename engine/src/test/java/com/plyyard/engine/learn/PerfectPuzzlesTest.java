package com.plyyard.engine.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.LegalMove;
import com.plyyard.engine.PerfectPlay;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.piracy.PiracyPosition;
import com.plyyard.engine.piracy.PiracyTablebase;
import com.plyyard.engine.piracy.PiracyTablebase.MoveValue;
import com.plyyard.engine.piracy.PiracyTablebase.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Puzzles found by a table of perfect play, on a sea small enough to solve in a test (6×6 without the circle rule:
 * 1.2 million positions, well under a second), checked by the table's own probing rather than by the finder's code.
 */
class PerfectPuzzlesTest {
    private static final Map<String, String> SEA = Map.of("board-size", "6", "island", "c3", "circle-rule", "false");
    private static VariantRules rules;
    private static PerfectPlay.Table table;
    private static PiracyTablebase exact;
    private static List<Puzzle> found;

    @BeforeAll
    static void hunt() {
        rules = Variants.get("piracy:classic", SEA);
        table = rules.module().perfectPlay().orElseThrow().build(rules, 1, done -> { });
        exact = PiracyTablebase.build((com.plyyard.engine.piracy.PiracyRules) rules, 1, done -> { });
        found = new PuzzleHunt(new PuzzleHunt.Settings(List.of(rules), List.of(2, 4, 6), 0.15, 7, 200),
            PuzzleHunt.perfect(table, 3, 21)).run(30, 400, line -> { }).puzzles();
    }

    @Test
    void theHuntFindsPuzzlesAndEachSolverMoveIsTheOnlyOneKeepingTheResult() {
        assertEquals(30, found.size(), "30 puzzles in at most 400 games");
        for (Puzzle puzzle : found) {
            Position p = puzzle.start();
            int solver = p.toMove();
            Outcome wanted = puzzle.goal() == Puzzle.Goal.WIN ? Outcome.WIN : Outcome.DRAW;
            for (int i = 0; i < puzzle.line().size(); i++) {
                LegalMove move = p.parseMove(puzzle.line().get(i));
                if (i % 2 == 0) {
                    assertEquals(solver, p.toMove(), puzzle.id() + ": the solver plays the even moves");
                    List<MoveValue> values = exact.moves((PiracyPosition) p);
                    assertTrue(values.size() >= 2, puzzle.id() + ": a choice of at least two moves");
                    List<MoveValue> keeping = values.stream().filter(v -> v.value().outcome() == wanted).toList();
                    assertEquals(1, keeping.size(), () -> puzzle.id() + " move " + puzzle.line() + ": " + values);
                    assertEquals(keeping.get(0).move(), move, puzzle.id() + ": the stored move keeps the result");
                    if (wanted == Outcome.DRAW) {
                        assertTrue(values.stream().noneMatch(v -> v.value().outcome() == Outcome.WIN), puzzle.id());
                    }
                    if (i == 0) { // a near fight: the win, or every other move's loss, within 21 plies
                        assertTrue(wanted == Outcome.WIN ? keeping.get(0).value().plies() <= 21
                            : values.stream().filter(v -> v.value().outcome() == Outcome.LOSS)
                                .allMatch(v -> v.value().plies() <= 21), () -> puzzle.id() + ": " + values);
                    }
                } else {
                    assertFalse(p.toMove() == solver, puzzle.id() + ": the opponent plays the odd moves");
                }
                p = p.play(move);
            }
            assertEquals(PerfectPuzzles.id(puzzle.start()), puzzle.id());
            assertEquals(Optional.empty(), PerfectPuzzles.verify(puzzle, table), puzzle.id());
        }
        assertTrue(found.stream().anyMatch(z -> z.goal() == Puzzle.Goal.WIN), "win puzzles");
        assertTrue(found.stream().anyMatch(z -> z.solverMoves() > 1), "lines longer than one move");
        assertTrue(found.stream().anyMatch(z -> !z.themes().isEmpty()), "themes named");
    }

    @Test
    void themesAreWhatASolverMoveDoes() {
        for (Puzzle puzzle : found) {
            Position p = puzzle.start();
            boolean sinks = false;
            boolean hits = false;
            for (int i = 0; i < puzzle.line().size(); i += 2) {
                String text = p.parseMove(puzzle.line().get(i)).notation();
                sinks |= text.contains("#");
                hits |= text.contains("+");
                p = p.play(puzzle.line().get(i));
                if (i + 1 < puzzle.line().size()) {
                    p = p.play(puzzle.line().get(i + 1));
                }
            }
            assertEquals(sinks, puzzle.themes().contains("sinks-enemy"), puzzle.id() + " " + puzzle.line());
            assertEquals(hits, puzzle.themes().contains("hits"), puzzle.id() + " " + puzzle.line());
        }
    }

    @Test
    void aChangedMoveOrAPositionOfAnotherSeaFailsVerificationWithASentence() {
        Puzzle puzzle = found.get(0);
        Position p = puzzle.start();
        String other = p.legalMoves().stream().map(LegalMove::notation).filter(n -> !n.equals(puzzle.line().get(0)))
            .findFirst().orElseThrow();
        List<String> changed = new ArrayList<>(puzzle.line());
        changed.set(0, other);
        Puzzle wrong = new Puzzle(puzzle.id(), puzzle.variant(), puzzle.options(), puzzle.position(), changed,
            puzzle.goal(), puzzle.themes(), puzzle.rating(), puzzle.source());
        Optional<String> problem = PerfectPuzzles.verify(wrong, table);
        assertTrue(problem.orElse("").startsWith("move 1 (" + other + ") is not the only move that "), problem.toString());

        Puzzle illegal = new Puzzle(puzzle.id(), puzzle.variant(), puzzle.options(), puzzle.position(),
            List.of("Fz9"), puzzle.goal(), puzzle.themes(), puzzle.rating(), puzzle.source());
        assertTrue(PerfectPuzzles.verify(illegal, table).orElse("").startsWith("move 1 (Fz9) is not legal: "));
    }

    @Test
    void theSameSeedFindsTheSamePuzzlesAndTheFileReadsBackTheSame() {
        List<Puzzle> again = new PuzzleHunt(new PuzzleHunt.Settings(List.of(rules), List.of(2, 4, 6),
            0.15, 7, 200), PuzzleHunt.perfect(table, 3, 21)).run(10, 400, line -> { }).puzzles();
        assertEquals(found.subList(0, 10), again);
        String text = PuzzleFile.write(List.of("made by: a test"), found);
        assertEquals(found, PuzzleFile.read(text));
        assertEquals(List.of("made by: a test"), PuzzleFile.header(text));
    }
}
