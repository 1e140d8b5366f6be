package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.InvalidInputException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DraughtsPositionNotationTest {

    @Test
    void readsRangesAndWritesEverySquare() {
        DraughtsState b = DraughtsPositionNotation.parse("W:W31-50:B1-20");
        assertTrue(b.whiteToMove());
        assertEquals(20, b.count(true));
        assertEquals(20, b.count(false));
        assertEquals(Piece.BLACK_MAN, b.pieceAt(20));
        assertNull(b.pieceAt(25));
        assertEquals("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
            + ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", DraughtsPositionNotation.format(b));
        assertEquals(DraughtsState.start(DraughtsRuleSet.FMJD), b);
    }

    @Test
    void kingsAndBothListOrders() {
        DraughtsState b = DraughtsPositionNotation.parse("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46");
        assertEquals(Piece.BLACK_KING, b.pieceAt(17));
        assertEquals(Piece.WHITE_KING, b.pieceAt(31));
        assertEquals(Piece.WHITE_MAN, b.pieceAt(6));
        assertEquals("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", DraughtsPositionNotation.format(b));
        assertEquals(b, DraughtsPositionNotation.parse(DraughtsPositionNotation.format(b)));
        assertEquals(b, DraughtsPositionNotation.parse("B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24"));
    }

    @Test
    void kingRangesAndLidraughtsFields() {
        DraughtsState b = DraughtsPositionNotation.parse("w:wk31-33:bk1-2:H0:F1");
        assertEquals(Piece.WHITE_KING, b.pieceAt(32));
        assertEquals(Piece.BLACK_KING, b.pieceAt(2));
        assertEquals("W:WK31,K32,K33:BK1,K2", DraughtsPositionNotation.format(b));
    }

    @Test
    void emptyListsAreAllowed() {
        DraughtsState b = DraughtsPositionNotation.parse("B:W28:B");
        assertEquals(0, b.count(false));
        assertEquals("B:W28:B", DraughtsPositionNotation.format(b));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"\"|Empty FEN",
        "W|expected <side>:W<pieces>:B<pieces>",
        "X:W31:B1|the side to move must be W or B",
        "W:W31,51:B1|square 51 does not exist",
        "W:W31,0:B1|square 0 does not exist",
        "W:W31:B31|square 31 is listed twice",
        "W:W31,31:B1|square 31 is listed twice",
        "W:W31:W32|two white piece lists",
        "W:W31:H0|needs both a W and a B piece list",
        "W:W3:B10|A white man cannot stand on square 3",
        "W:W30:B48|A black man cannot stand on square 48",
        "W:W35-31:B1|runs backwards",
        "W:Wx:B1|'x' is not a square number",
        "W:W31:B1:Q7|unexpected field 'Q7'",
    })
    void rejectsMalformedWithTheReason(String fen, String reason) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> DraughtsPositionNotation.parse(fen));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"W:W31-50:B1-20", "B:WK13,18,32,33,41,43,44,46,49,50:B30,35,K47", "W:WK46:BK5", "B:W:B"})
    void roundTrips(String fen) {
        DraughtsState b = DraughtsPositionNotation.parse(fen);
        assertEquals(b, DraughtsPositionNotation.parse(DraughtsPositionNotation.format(b)));
        assertEquals(DraughtsPositionNotation.format(b), DraughtsPositionNotation.format(DraughtsPositionNotation.parse(DraughtsPositionNotation.format(b))));
    }

    @Test
    void boardFromPieces() {
        DraughtsState b = DraughtsState.of(false, Map.of(28, Piece.WHITE_KING, 3, Piece.BLACK_MAN));
        assertEquals("B:WK28:B3", DraughtsPositionNotation.format(b));
        assertThrows(InvalidInputException.class, () -> DraughtsState.of(true, Map.of(51, Piece.WHITE_MAN)));
    }
}
