package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The three plyyard divergence positions of the spec, root move sets under both rule sets. */
class DivergenceTest {

    /** Each legal move as "notation{captured squares}", in legal-move order. */
    private static List<String> moves(DraughtsRules rules, String fen) {
        return rules.parse(fen).legalMoves().stream()
            .map(m -> m.notation() + Arrays.stream(m.captured()).mapToObj(Integer::toString)
                .collect(Collectors.joining(",", "{", "}")))
            .toList();
    }

    @Test
    void turkishStrike() {
        String fen = "B:W8,K18,31,32:BK49";
        assertEquals(List.of("49x2{8,18,32}"), moves(DraughtsRules.fmjd(), fen));
        assertEquals(List.of("49x2{8,18,31,32}"), moves(DraughtsRules.plyyard(), fen));
        // under plyyard the king crosses the freed square 31 on its way from 36 to 13
        assertEquals(List.of(27, 36, 13, 2),
            Arrays.stream(DraughtsRules.plyyard().parse(fen).legalMoves().get(0).path()).boxed().toList());
    }

    @Test
    void kingTieBreak() {
        String fen = "B:WK13,18,32,33,41,43,44,46,49,50:B30,35,K47";
        assertEquals(List.of("47x1{18,33}", "47x2{13,33}", "47x7{18,33}", "47x8{13,33}", "47x12{18,33}"),
            moves(DraughtsRules.fmjd(), fen));
        assertEquals(List.of("47x2{13,33}", "47x8{13,33}"), moves(DraughtsRules.plyyard(), fen));
    }

    @Test
    void freedLandingSquares() {
        String fen = "B:W19,29,30,31,34,36,38,39,40,41,45,46,48:B1,2,5,6,10,11,12,16,20,22,K47";
        assertEquals(List.of("47x14{19,29,30,38,39,40}"), moves(DraughtsRules.fmjd(), fen));
        assertEquals(List.of("47x14{19,29,30,38,39,40}", "47x26{29,30,31,38,39,40}", "47x28{19,29,30,38,39,40}",
            "47x33{19,29,30,38,39,40}"), moves(DraughtsRules.plyyard(), fen));
    }

    @Test
    void startPositionsDifferOnlyInWhoStarts() {
        assertEquals("W", DraughtsRules.fmjd().start().notation().substring(0, 1));
        assertEquals("B", DraughtsRules.plyyard().start().notation().substring(0, 1));
        assertEquals(0, DraughtsRules.fmjd().start().toMove());
        assertEquals(1, DraughtsRules.plyyard().start().toMove());
    }

    @Test
    void aManPassingTheLastRowDuringACaptureDoesNotPromote() {
        DraughtsRules rules = DraughtsRules.fmjd();
        // 12x3 over 8 reaches White's promotion row, then 3x14 over 9 takes the man back to row 3
        DraughtsPosition p = rules.parse("W:W12:B8,9");
        DraughtsMove m = p.legalMoves().get(0);
        assertEquals("12x14", m.notation());
        assertEquals(List.of(3, 14), Arrays.stream(m.path()).boxed().toList());
        assertEquals(false, m.promotes());
        assertEquals(Piece.WHITE_MAN, p.play(m).state().pieceAt(14));
        // ending the same capture on square 3 crowns it
        DraughtsPosition q = rules.parse("W:W12:B8");
        assertEquals(true, q.legalMoves().get(0).promotes());
        assertEquals(Piece.WHITE_KING, q.play(q.legalMoves().get(0)).state().pieceAt(3));
    }

    @Test
    void aManTourBackToItsSquareIsOneMove() {
        // 42x31x22x33x42 and 42x33x22x31x42 capture the same four men: one move, under both rule sets
        for (DraughtsRules rules : List.of(DraughtsRules.fmjd(), DraughtsRules.plyyard())) {
            assertEquals(List.of("42x42{27,28,37,38}"), moves(rules, "W:W42:B27,28,37,38"));
            assertEquals(2, rules.parse("W:W42:B27,28,37,38").legalMoves().get(0).paths().size());
        }
    }
}
