package com.plyyard.engine.draughts.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.GameOverException;
import com.plyyard.engine.IllegalMoveException;
import com.plyyard.engine.draughts.DraughtsMove;
import com.plyyard.engine.draughts.DraughtsPosition;
import com.plyyard.engine.draughts.DraughtsRules;
import com.plyyard.engine.draughts.dxp.DxpMessage.Move;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DXP MOVE messages name exactly one legal move, or none (illegal) or several (ambiguous). */
class DxpMovesTest {
    private static final DraughtsRules FMJD = DraughtsRules.fmjd();

    @Test
    void everyLegalMoveGoesThereAndBack() {
        // the start, a position with captures, and one where two king captures share from and to
        for (String fen : List.of("W:W31-50:B1-20", "W:W28,K38,43:B12,13,19,22,23,32", "W:WK1,K38,K49:B9,12,24,30")) {
            DraughtsPosition p = FMJD.parse(fen);
            for (DraughtsMove m : p.legalMoves()) {
                Move message = DxpMoves.toMessage(m, 3);
                Move read = (Move) DxpMessage.parse(message.encode());
                assertEquals(m, DxpMoves.find(p, read), fen + " " + m);
                assertEquals(m.captureCount(), read.captured().size());
            }
        }
    }

    @Test
    void capturedSquaresInAnyOrder() {
        DraughtsPosition p = FMJD.parse("W:WK1,K38,K49:B9,12,24,30");
        DraughtsMove viaTwentyNine = p.parseMove("1x29x20x3");
        int[] captured = viaTwentyNine.captured();
        List<Integer> reversed = Arrays.stream(captured).boxed().sorted((x, y) -> y - x).toList();
        assertEquals(viaTwentyNine, DxpMoves.find(p, new Move(0, 1, 3, reversed)));
    }

    @Test
    void aCaptureWithoutItsSquaresIsAcceptedOnlyWhenFromAndToSuffice() {
        DraughtsPosition p = FMJD.parse("W:W28,K38,43:B12,13,19,22,23,32");
        DraughtsMove only = p.legalMoves().get(0);
        assertTrue(only.isCapture());
        assertEquals(only, DxpMoves.find(p, new Move(0, only.from(), only.to(), List.of())));
        DraughtsPosition twoWays = FMJD.parse("W:WK1,K38,K49:B9,12,24,30");
        IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> DxpMoves.find(twoWays, new Move(0, 1, 3, List.of())));
        assertTrue(e.getMessage().contains("ambiguous") && e.getMessage().contains("1x29x20x3 or 1x34x25x3"), e.getMessage());
    }

    @Test
    void illegalMovesSayWhy() {
        DraughtsPosition start = FMJD.start();
        IllegalMoveException backwards = assertThrows(IllegalMoveException.class,
            () -> DxpMoves.find(start, new Move(0, 28, 32, List.of())));
        assertTrue(backwards.getMessage().startsWith("The move 28-32 is not legal"), backwards.getMessage());
        DraughtsPosition capture = FMJD.parse("W:W28,K38,43:B12,13,19,22,23,32");
        IllegalMoveException mustCapture = assertThrows(IllegalMoveException.class,
            () -> DxpMoves.find(capture, new Move(0, 28, 33, List.of())));
        assertTrue(mustCapture.getMessage().contains("capturing is compulsory"), mustCapture.getMessage());
        DraughtsMove legal = capture.legalMoves().get(0);
        IllegalMoveException wrongPieces = assertThrows(IllegalMoveException.class,
            () -> DxpMoves.find(capture, new Move(0, legal.from(), legal.to(), List.of(13))));
        assertTrue(wrongPieces.getMessage().contains("the capture from " + legal.from() + " to " + legal.to() + " takes"),
            wrongPieces.getMessage());
        IllegalMoveException twice = assertThrows(IllegalMoveException.class,
            () -> DxpMoves.find(capture, new Move(0, legal.from(), legal.to(), List.of(13, 13))));
        assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
        IllegalMoveException quietWithCaptures = assertThrows(IllegalMoveException.class,
            () -> DxpMoves.find(start, new Move(0, 32, 28, List.of(23))));
        assertTrue(quietWithCaptures.getMessage().contains("32-28 captures nothing"), quietWithCaptures.getMessage());
        assertThrows(GameOverException.class, () -> DxpMoves.find(FMJD.parse("B:W28:B"), new Move(0, 28, 22, List.of())));
    }

    @Test
    void theTimeFieldIsCapped() {
        DraughtsMove m = FMJD.start().legalMoves().get(0);
        assertEquals("M9999", DxpMoves.toMessage(m, 123_456).encode().substring(0, 5));
        assertEquals("M0000", DxpMoves.toMessage(m, -1).encode().substring(0, 5));
    }
}
