package com.plyyard.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.catalog.Variants;
import com.plyyard.engine.search.Searcher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every game must honour, checked for every variant of every registered {@link GameModule}: a new game
 * passes this test or is not finished. Positions: the start and a few reached by fixed pseudo-random games
 * (seeded by the variant id, so every run checks the same positions).
 */
class GameModuleContractTest {
    /** Plies at which the random game's positions are checked besides the start. */
    private static final int[] SAMPLE_PLIES = {4, 10, 18};
    /** The random game recorded for the record round trip stops here if the rules have not ended it. */
    private static final int RECORDED_PLIES = 300;
    /** Perft is also checked one ply deeper where depth 2 has at most this many leaves (keeps the test fast). */
    private static final long DEEPER_PERFT_LEAVES = 3_000;
    private static final BooleanSupplier NEVER = () -> false;
    private static final Map<String, String> TAGS = Map.of("Event", "Contract test", "Site", "Ply Yard");

    static List<String> variants() {
        List<String> ids = new ArrayList<>();
        for (GameModule module : Variants.modules()) {
            ids.addAll(module.variantIds());
        }
        return ids;
    }

    /** A game's positions, start first, and the moves between them ({@code moves.get(i)} leads from position i). */
    private record Line(List<Position> positions, List<String> moves) {
    }

    /** A fixed pseudo-random game: a random legal move at each ply, until the rules end it or {@code plies} are played. */
    private static Line randomGame(VariantRules rules, int plies) {
        return randomGame(rules, plies, 0);
    }

    private static Line randomGame(VariantRules rules, int plies, int salt) {
        Random random = new Random(rules.id().hashCode() + salt);
        List<Position> positions = new ArrayList<>();
        List<String> moves = new ArrayList<>();
        Position p = rules.start();
        positions.add(p);
        while (!p.isOver() && moves.size() < plies) {
            List<? extends LegalMove> legal = p.legalMoves();
            LegalMove m = legal.get(random.nextInt(legal.size()));
            moves.add(m.notation());
            p = p.play(m);
            positions.add(p);
        }
        return new Line(positions, moves);
    }

    /**
     * The start and, for each of {@link #SAMPLE_PLIES}, a position at that ply that is still going on, from the
     * first of a few random games that gets there (a Piracy game can end within a few plies).
     */
    private static List<Position> samples(VariantRules rules) {
        List<Position> out = new ArrayList<>(List.of(rules.start()));
        for (int ply : SAMPLE_PLIES) {
            for (int salt = 0; salt < 50; salt++) {
                List<Position> line = randomGame(rules, ply, salt).positions();
                if (line.size() > ply && !line.get(ply).isOver()) {
                    out.add(line.get(ply));
                    break;
                }
            }
        }
        assertEquals(1 + SAMPLE_PLIES.length, out.size(), "no random game of " + rules.id() + " reaches every sample ply");
        return out;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void theVariantBelongsToExactlyOneModule(String variant) {
        VariantRules rules = Variants.get(variant);
        GameModule module = Variants.module(rules.game());
        assertTrue(module.variantIds().contains(variant), variant + " is not among " + module.variantIds());
        assertEquals(module.game(), rules.game());
        assertEquals(variant, rules.id());
        assertSame(module, rules.module());
        assertSame(module, rules.start().rules().module());
        long owners = Variants.modules().stream().filter(m -> m.variantIds().contains(variant)).count();
        assertEquals(1, owners, variant + " is served by " + owners + " modules");
        // the other games' hooks refuse its positions in words, not with a ClassCastException
        Position start = rules.start();
        for (GameModule other : Variants.modules()) {
            if (other != module) {
                assertThrows(InvalidInputException.class, () -> other.searchBoard(start), other.game());
                assertThrows(InvalidInputException.class, () -> other.record(start, List.of(), TAGS), other.game());
                assertThrows(InvalidInputException.class, () -> other.removeSeat(start, 0, EndReason.RESIGNATION),
                    other.game());
                other.perfectPlay().ifPresent(perfect -> assertThrows(InvalidInputException.class,
                    () -> perfect.file(Path.of("tables"), rules), other.game()));
                other.hub().ifPresent(hub -> {
                    assertThrows(InvalidInputException.class, () -> hub.formatPosition(start), other.game());
                    assertThrows(InvalidInputException.class, () -> hub.parsePosition("W", rules), other.game());
                    assertThrows(InvalidInputException.class, () -> hub.formatMove(start.legalMoves().get(0)),
                        other.game());
                });
            }
        }
    }

    /** A Hub dialect names variants of its own game, and its positions and moves go through Hub text and back. */
    @ParameterizedTest
    @MethodSource("variants")
    void aHubDialectReadsWhatItWrites(String variant) {
        VariantRules rules = Variants.get(variant);
        Optional<HubDialect> dialect = rules.module().hub();
        if (dialect.isEmpty() || dialect.get().variants().stream().noneMatch(v -> v.variantId().equals(variant))) {
            return;
        }
        HubDialect hub = dialect.get();
        for (HubDialect.Variant v : hub.variants()) {
            assertEquals(rules.module(), Variants.get(v.variantId()).module(), v.name());
        }
        for (Position p : samples(rules)) {
            Position back = hub.parsePosition(hub.formatPosition(p), rules);
            assertEquals(p.notation(), back.notation(), p.toString());
            for (LegalMove m : p.legalMoves()) {
                assertEquals(m, hub.parseMove(hub.formatMove(m), p), m.notation());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void movesAndPositionsRoundTripThroughTheirNotation(String variant) {
        VariantRules rules = Variants.get(variant);
        Position start = rules.start();
        assertEquals(start, rules.parse(start.notation()), "the start position read back from its notation");
        for (Position p : samples(rules)) {
            Position back = rules.parse(p.notation());
            assertEquals(p.notation(), back.notation(), "position notation of " + p);
            assertEquals(p.toMove(), back.toMove(), p.toString());
            assertEquals(p.seats(), back.seats(), p.toString());
            assertEquals(notations(p.legalMoves()), notations(back.legalMoves()), p.toString());
            for (LegalMove m : p.legalMoves()) {
                LegalMove parsed = p.parseMove(m.notation());
                assertEquals(m, parsed, m.notation() + " in " + p);
                assertEquals(m.notation(), parsed.notation(), p.toString());
            }
        }
    }

    /** The state a client sends back (notation, draw counters, repetition keys, ply) restores the same position. */
    @ParameterizedTest
    @MethodSource("variants")
    void positionsRestoreFromTheirKeysAndCounters(String variant) {
        VariantRules rules = Variants.get(variant);
        for (Position p : samples(rules)) {
            Map<String, Integer> counters = new HashMap<>();
            for (DrawCounter c : p.drawCounters()) {
                counters.put(c.rule(), c.plies());
            }
            Position restored = rules.restore(p.notation(), counters, p.repetitionKeys(), p.ply());
            assertEquals(p, restored, "restored " + p);
            assertArrayEquals(p.repetitionKeys(), restored.repetitionKeys(), p.toString());
            assertEquals(p.drawCounters(), restored.drawCounters(), p.toString());
            assertEquals(p.ply(), restored.ply(), p.toString());
            assertEquals(p.outcome(), restored.outcome(), p.toString());
            // the history goes on from the restored position as from the original
            LegalMove first = p.legalMoves().get(0);
            assertEquals(p.play(first), restored.play(restored.parseMove(first.notation())), "after " + first.notation());
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void perftIsTheSumOfDivide(String variant) {
        VariantRules rules = Variants.get(variant);
        for (Position p : samples(rules)) {
            List<String> legal = notations(p.legalMoves());
            Map<String, Long> one = rules.divide(p, 1, NEVER);
            assertEquals(legal, List.copyOf(one.keySet()), "divide's moves are the legal moves, in their order");
            assertTrue(one.values().stream().allMatch(n -> n == 1L), one.toString());
            assertEquals(legal.size(), rules.perft(p, 1, NEVER));
            checkDivide(rules, p, 2);
            if (rules.perft(p, 2, NEVER) <= DEEPER_PERFT_LEAVES && rules.maxPerftDepth() >= 3) {
                checkDivide(rules, p, 3);
            }
        }
    }

    /** perft = Σ divide, and each divide count is the perft one ply down after playing that move. */
    private static void checkDivide(VariantRules rules, Position p, int depth) {
        Map<String, Long> divide = rules.divide(p, depth, NEVER);
        assertEquals(notations(p.legalMoves()), List.copyOf(divide.keySet()), p.toString());
        long sum = divide.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(rules.perft(p, depth, NEVER), sum, "perft " + depth + " of " + p);
        for (Map.Entry<String, Long> e : divide.entrySet()) {
            assertEquals(rules.perft(p.play(e.getKey()), depth - 1, NEVER), e.getValue(), e.getKey() + " in " + p);
        }
    }

    /** Checked on every position of the recorded random game: orders differ only on some boards (6-1 and 46-41). */
    @ParameterizedTest
    @MethodSource("variants")
    void legalMovesComeInTheModulesOrder(String variant) {
        VariantRules rules = Variants.get(variant);
        Comparator<String> order = Variants.module(rules.game()).moveOrder();
        for (Position p : randomGame(rules, RECORDED_PLIES).positions()) {
            if (p.isOver()) {
                continue;
            }
            List<String> legal = notations(p.legalMoves());
            assertFalse(legal.isEmpty(), p.toString());
            for (int i = 1; i < legal.size(); i++) {
                // strictly increasing: sorted, and no notation names two moves
                assertTrue(order.compare(legal.get(i - 1), legal.get(i)) < 0,
                    legal.get(i - 1) + " before " + legal.get(i) + " in " + p);
            }
        }
    }

    /** The engine's board for a position generates exactly its legal moves and maps each back to it. */
    @ParameterizedTest
    @MethodSource("variants")
    void theSearchBoardPlaysTheLegalMoves(String variant) {
        VariantRules rules = Variants.get(variant);
        GameModule module = Variants.module(rules.game());
        for (Position p : samples(rules)) {
            SearchBoard board = module.searchBoard(p);
            int[] moves = new int[Searcher.MAX_MOVES];
            int count = board.generate(moves);
            List<String> generated = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                LegalMove legal = board.rootMove(moves[i]);
                assertEquals(board.notation(moves[i]), legal.notation(), p.toString());
                generated.add(legal.notation());
            }
            generated.sort(module.moveOrder());
            assertEquals(notations(p.legalMoves()), generated, p.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void recordsRoundTrip(String variant) {
        VariantRules rules = Variants.get(variant);
        GameModule module = Variants.module(rules.game());
        Line game = randomGame(rules, RECORDED_PLIES);
        // the whole game from the start, and its second half from a position the record has to write out
        checkRecord(module, game, 0);
        checkRecord(module, game, game.moves().size() / 2);
    }

    private static void checkRecord(GameModule module, Line game, int from) {
        Position first = game.positions().get(from);
        Position last = game.positions().get(game.positions().size() - 1);
        List<String> moves = game.moves().subList(from, game.moves().size());
        GameRecord record = module.record(first, moves, TAGS);
        assertEquals(moves.size(), record.moves().size(), "one recorded move per move played");
        // a record may spell moves its own way (Piracy writes the long form); each must name the move played
        Position p = first;
        for (int i = 0; i < moves.size(); i++) {
            LegalMove recorded = p.parseMove(record.moves().get(i));
            assertEquals(moves.get(i), recorded.notation(), "move " + (i + 1) + " recorded as " + record.moves().get(i));
            p = p.play(recorded);
        }
        assertEquals(first.notation(), record.first().notation());
        String text = record.write();
        GameRecord back = module.readRecord(text);
        assertEquals(record.rules(), back.rules(), text);
        assertEquals(record.first(), back.first(), text);
        assertEquals(record.moves(), back.moves(), text);
        assertEquals(record.result(), back.result(), text);
        for (Map.Entry<String, String> tag : TAGS.entrySet()) {
            assertEquals(tag.getValue(), back.tags().get(tag.getKey()), text);
        }
        if (from == 0) {
            assertEquals(last, back.replay(), "the record replays to the game's final position");
            assertEquals(last.isOver(), !back.result().equals("*"), "a result exactly when the game is over: " + text);
        } else {
            // replayed from a first position read without history: the same board, not the same draw counts
            assertEquals(last.notation(), back.replay().notation(), "the record replays to the game's final position");
        }
        assertEquals(text, back.write(), "a record read back writes the same text");
    }

    private static List<String> notations(List<? extends LegalMove> moves) {
        return moves.stream().map(LegalMove::notation).toList();
    }
}
