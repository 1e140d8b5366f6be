package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.SearchBoard;
import com.plyyard.engine.search.Limits;
import com.plyyard.engine.search.Score;
import com.plyyard.engine.search.SearchInfo;
import com.plyyard.engine.search.Searcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endgame tables against the rules: every value must be what the values of the position's moves make it (read
 * through {@link DraughtsPosition}, which applies moves by its own code), known positions have their derived values,
 * files round-trip, and the search plays from them.
 */
class DraughtsTablebaseTest {
    private static DraughtsTablebase fmjd;
    private static DraughtsTablebase plyyard;

    @BeforeAll
    static void build() {
        fmjd = DraughtsTablebase.build(DraughtsRuleSet.FMJD, 3, 2, done -> { });
        plyyard = DraughtsTablebase.build(DraughtsRuleSet.PLYYARD, 3, 2, done -> { });
    }

    @Test
    void everyValueIsWhatItsMovesMakeIt() {
        checkConsistent(fmjd, DraughtsRules.fmjd(), 3, 20_000);
    }

    @Test
    void thePlyyardRulesHaveTheirOwnTable() {
        checkConsistent(plyyard, DraughtsRules.plyyard(), 3, 10_000);
    }

    /**
     * A won position has a move to a lost one and none to a quicker loss; a lost one only moves to won ones, the
     * longest one ply shorter; a draw has no move to a loss and one to a draw.
     */
    private static void checkConsistent(DraughtsTablebase table, DraughtsRules rules, int pieces, int samples) {
        SplittableRandom random = new SplittableRandom(7);
        int checked = 0;
        int decided = 0;
        while (checked < samples) {
            DraughtsState state = randomState(random, 2 + random.nextInt(pieces - 1));
            if (state == null) {
                continue;
            }
            checked++;
            int raw = table.probe(state.white(), state.black(), state.kings(), state.whiteToMove());
            int bestLoss = Integer.MAX_VALUE;
            int longestWin = -1;
            boolean draw = false;
            DraughtsPosition position = rules.position(state);
            for (DraughtsMove move : position.legalMovesIgnoringDraws()) {
                DraughtsState next = Moves.apply(state, move);
                if (next.count(next.whiteToMove()) == 0) {
                    bestLoss = 0; // the last piece taken: the mover has lost at once
                    continue;
                }
                int child = table.probe(next.white(), next.black(), next.kings(), next.whiteToMove());
                if (child == 0) {
                    draw = true;
                } else if (DraughtsTablebase.isLoss(child)) {
                    bestLoss = Math.min(bestLoss, DraughtsTablebase.plies(child));
                } else {
                    longestWin = Math.max(longestWin, DraughtsTablebase.plies(child));
                }
            }
            String where = DraughtsPositionNotation.format(state);
            if (position.legalMovesIgnoringDraws().isEmpty()) {
                assertEquals(1, raw, "no move is a loss at once: " + where);
            } else if (bestLoss != Integer.MAX_VALUE) {
                assertTrue(DraughtsTablebase.isWin(raw), "a move to a lost position wins: " + where);
                assertEquals(bestLoss + 1, DraughtsTablebase.plies(raw), "the quickest win: " + where);
            } else if (draw) {
                assertEquals(0, raw, "a move to a draw and none to a loss draws: " + where);
            } else {
                assertTrue(DraughtsTablebase.isLoss(raw), "every move to a won position loses: " + where);
                assertEquals(longestWin + 1, DraughtsTablebase.plies(raw), "the longest loss: " + where);
            }
            if (raw != 0) {
                decided++;
            }
        }
        assertTrue(decided > samples / 10, "wins and losses are among the samples (" + decided + ")");
    }

    /** A random legal position of exactly {@code pieces} pieces with a piece on each side, or null. */
    private static DraughtsState randomState(SplittableRandom random, int pieces) {
        Map<Integer, Piece> board = new HashMap<>();
        int white = 1 + random.nextInt(pieces - 1);
        for (int i = 0; i < pieces; i++) {
            boolean isWhite = i < white;
            boolean king = random.nextInt(3) == 0;
            int square = 1 + random.nextInt(50);
            if (board.containsKey(square) || (!king && (isWhite ? square <= 5 : square > 45))) {
                return null;
            }
            board.put(square, Piece.of(isWhite, king));
        }
        return DraughtsState.of(random.nextBoolean(), board);
    }

    private static DraughtsState state(boolean whiteToMove, Object... squareAndPiece) {
        Map<Integer, Piece> board = new HashMap<>();
        for (int i = 0; i < squareAndPiece.length; i += 2) {
            board.put((Integer) squareAndPiece[i], (Piece) squareAndPiece[i + 1]);
        }
        return DraughtsState.of(whiteToMove, board);
    }

    private static int probe(DraughtsTablebase table, DraughtsState s) {
        return table.probe(s.white(), s.black(), s.kings(), s.whiteToMove());
    }

    @Test
    void knownPositionsHaveTheirDerivedValues() {
        // kings on 28 and 33 share a diagonal with 22 and 39 empty behind them: whoever moves takes the other (a king
        // lands on any empty square behind)
        DraughtsState kings = state(true, 28, Piece.WHITE_KING, 33, Piece.BLACK_KING);
        assertEquals(2, probe(fmjd, kings), "White takes on 39 and wins in one ply");
        assertEquals(2, probe(fmjd, state(false, 28, Piece.WHITE_KING, 33, Piece.BLACK_KING)), "so does Black, on 22");
        assertEquals(java.util.List.of("28x39", "28x44", "28x50"), fmjd.bestMoves(DraughtsRules.fmjd().position(kings)).stream()
            .map(DraughtsMove::notation).toList());
        // a White man on 46 behind Black's men on 41 and 37 can neither step nor take: lost now
        assertEquals(1, probe(fmjd, state(true, 46, Piece.WHITE_MAN, 41, Piece.BLACK_MAN, 37, Piece.BLACK_MAN)));
        // kings on 1 and 50 alone on the long diagonal, far apart: neither can force anything
        assertEquals(0, probe(fmjd, state(true, 1, Piece.WHITE_KING, 50, Piece.BLACK_KING)));
        // more pieces than the table holds, or a side without pieces: not held
        assertEquals(DraughtsTablebase.NOT_HELD, probe(fmjd, state(true, 1, Piece.WHITE_KING, 50, Piece.BLACK_KING,
            20, Piece.BLACK_MAN, 30, Piece.WHITE_MAN)));
        assertEquals(DraughtsTablebase.NOT_HELD, fmjd.probe(Squares.mask(30), 0, 0, true));
    }

    @Test
    void statisticsCountEveryPositionOnce() {
        DraughtsTablebase.Statistics s = fmjd.statistics();
        assertEquals(s.positions(), s.wins() + s.draws() + s.losses());
        assertTrue(s.positions() < DraughtsTablebase.positions(3), "numbers where pieces share a square are no positions");
        // two pieces: 95 × 95 numbers (men on 45 squares, kings on 50), minus those on one square
        assertTrue(s.longestWin() > 1 && s.longestWin() % 2 == 1, "a win takes an odd number of plies: " + s.longestWin());
    }

    @Test
    void filesRoundTripAndWrongOnesAreRefused(@TempDir Path dir) throws IOException {
        Path file = DraughtsTablebase.file(dir, DraughtsRuleSet.FMJD, 3);
        fmjd.save(file);
        DraughtsTablebase read = DraughtsTablebase.open(file, DraughtsRuleSet.FMJD);
        assertEquals(3, read.pieces());
        assertEquals(fmjd.statistics(), read.statistics());
        InvalidInputException wrongRules = assertThrows(InvalidInputException.class,
            () -> DraughtsTablebase.open(file, DraughtsRuleSet.PLYYARD));
        assertTrue(wrongRules.getMessage().contains("fmjd"), wrongRules.getMessage());
        Path cut = dir.resolve("cut.dtb");
        byte[] bytes = Files.readAllBytes(file);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThrows(InvalidInputException.class, () -> DraughtsTablebase.open(cut, DraughtsRuleSet.FMJD));
        Path other = dir.resolve("other.dtb");
        Files.writeString(other, "not a table");
        assertThrows(InvalidInputException.class, () -> DraughtsTablebase.open(other, DraughtsRuleSet.FMJD));
        assertThrows(InvalidInputException.class, () -> DraughtsTablebase.build(DraughtsRuleSet.FMJD, 6, 1, d -> { }));
    }

    @Test
    void theEnginePlaysTheLargestTableItsHeapHolds(@TempDir Path dir) {
        DraughtsTablebase.build(DraughtsRuleSet.FMJD, 2, 1, d -> { }).save(DraughtsTablebase.file(dir, DraughtsRuleSet.FMJD, 2));
        fmjd.save(DraughtsTablebase.file(dir, DraughtsRuleSet.FMJD, 3));
        long gigabyte = 1L << 30;
        assertEquals(3, DraughtsTablebase.load(DraughtsRuleSet.FMJD, dir.toString(), gigabyte).orElseThrow().pieces());
        // three pieces take 0.86 MB: with 1 MB of heap only the two-piece table fits in half of it
        assertEquals(2, DraughtsTablebase.load(DraughtsRuleSet.FMJD, dir.toString(), 1L << 20).orElseThrow().pieces());
        assertTrue(DraughtsTablebase.load(DraughtsRuleSet.FMJD, "off", gigabyte).isEmpty());
        assertTrue(DraughtsTablebase.load(DraughtsRuleSet.PLYYARD, dir.toString(), gigabyte).isEmpty(), "no plyyard table");
    }

    @Test
    void theSearchPlaysALongWinFromTheTable() {
        // plyyard without its count: the table's values hold as they are, so the search's score is the table's distance
        DraughtsRules rules = DraughtsRules.plyyard(0);
        DraughtsState longest = longestWin(plyyard, rules);
        DraughtsPosition position = rules.position(longest);
        int plies = DraughtsTablebase.plies(probe(plyyard, longest));
        SearchInfo withTable = new Searcher(4).search(new DraughtsSearchBoard(position, plyyard), new long[0],
            new Limits(3, 0, 0), null, null);
        assertEquals(Score.WIN - plies, withTable.score(), "the table's win in " + plies);
        Searcher alone = new Searcher(4);
        SearchInfo without = alone.search(new DraughtsSearchBoard(position, null), new long[0], new Limits(3, 0, 0), null, null);
        assertFalse(Score.isWin(without.score()), "three plies alone do not see a win in " + plies);
        assertEquals(0, alone.tableHits());
        // the move chosen keeps the win: the reply position is a loss one ply shorter
        DraughtsState next = Moves.apply(longest, (DraughtsMove) new DraughtsSearchBoard(position, plyyard)
            .rootMove(withTable.bestMove()));
        int reply = probe(plyyard, next);
        assertTrue(plyyard.bestMoves(position).stream().anyMatch(m -> Moves.apply(longest, m).equals(next)),
            "the search's move is one of the table's best");
        assertTrue(DraughtsTablebase.isLoss(reply) && DraughtsTablebase.plies(reply) == plies - 1,
            "after the chosen move the opponent loses in " + (plies - 1) + ", not " + reply);
    }

    @Test
    void fmjdCountsTurnLoneKingWinsTooFarAwayIntoDraws() {
        // the longest win among sampled lone-king endings of the 5-move rule (king and man, or two kings, against a king)
        SplittableRandom random = new SplittableRandom(3);
        DraughtsState won = null;
        int plies = 0;
        for (int tries = 0; tries < 100_000; tries++) {
            DraughtsState s = randomState(random, 3);
            if (s != null && DraughtsPosition.endgame(s) == DraughtsPosition.Endgame.FIVE && DraughtsTablebase.isWin(probe(fmjd, s))
                && DraughtsTablebase.plies(probe(fmjd, s)) > plies) {
                won = s;
                plies = DraughtsTablebase.plies(probe(fmjd, s));
            }
        }
        assertTrue(won != null, "a won lone-king ending among the samples");
        DraughtsRules rules = DraughtsRules.fmjd();
        long[] keys = {DraughtsZobrist.key(won)};
        // with the 5-move count at 10 − d the win in d plies still comes in time; one ply later it does not
        DraughtsPosition inTime = new DraughtsPosition(rules, won, 0, -1, DraughtsPosition.FIVE_LIMIT - plies, 0, keys, 0);
        assertEquals(Score.WIN - plies, new DraughtsSearchBoard(inTime, fmjd).tableScore());
        DraughtsPosition late = new DraughtsPosition(rules, won, 0, -1, DraughtsPosition.FIVE_LIMIT - plies + 1, 0, keys, 0);
        assertEquals(Score.DRAW, new DraughtsSearchBoard(late, fmjd).tableScore(), "the 5-move count ends it first");
        // plyyard without a count keeps the table's own value
        int own = probe(plyyard, won);
        int expected = own == 0 ? Score.DRAW : DraughtsTablebase.isWin(own) ? Score.WIN - DraughtsTablebase.plies(own)
            : Score.LOSS + DraughtsTablebase.plies(own);
        assertEquals(expected, new DraughtsSearchBoard(DraughtsRules.plyyard(0).position(won), plyyard).tableScore());
        // and a plyyard count too short for the result leaves the position to the search
        if (own != 0) {
            DraughtsPosition counted = new DraughtsPosition(DraughtsRules.plyyard(DraughtsTablebase.plies(own) + 3), won, 0, -1,
                -1, 4, keys, 0);
            assertEquals(SearchBoard.NO_TABLE_SCORE, new DraughtsSearchBoard(counted, plyyard).tableScore());
        }
    }

    /** A quiet position (no capture to make) of the longest win among samples, at least nine plies. */
    private static DraughtsState longestWin(DraughtsTablebase table, DraughtsRules rules) {
        SplittableRandom random = new SplittableRandom(11);
        DraughtsState best = null;
        int bestPlies = -1;
        for (int tries = 0; tries < 200_000; tries++) {
            DraughtsState s = randomState(random, 3);
            if (s == null) {
                continue;
            }
            int raw = probe(table, s);
            if (DraughtsTablebase.isWin(raw) && DraughtsTablebase.plies(raw) > bestPlies
                && !new DraughtsSearchBoard(rules.position(s), null).forcedTactics()) {
                best = s;
                bestPlies = DraughtsTablebase.plies(raw);
            }
        }
        assertTrue(bestPlies >= 9, "a win of at least nine plies among the samples: " + bestPlies);
        return best;
    }
}
