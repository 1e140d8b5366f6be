package com.plyyard.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.plyyard.engine.EndReason;
import com.plyyard.engine.GameOverException;
import com.plyyard.engine.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class GameEndTest {

    @Test
    void capturingTheLastPieceWins() {
        DraughtsPosition p = DraughtsRules.fmjd().parse("W:W28:B22").play("28x17");
        Outcome o = p.outcome().orElseThrow();
        assertFalse(o.draw());
        assertEquals(List.of(0), o.winners());
        assertEquals(EndReason.NO_PIECES, o.reason());
        assertEquals("White wins: Black has no pieces left.", o.description());
        assertTrue(p.legalMoves().isEmpty());
        assertTrue(p.seats().get(1).out());
        assertFalse(p.seats().get(0).out());
    }

    @Test
    void aBlockedSideLoses() {
        // Black's man on 36 can only go to 41, which White holds with 47 behind it
        DraughtsPosition p = DraughtsRules.plyyard().parse("B:W41,47:B36");
        assertEquals(EndReason.NO_LEGAL_MOVE, p.outcome().orElseThrow().reason());
        assertEquals(List.of(0), p.outcome().orElseThrow().winners());
        // reached by a move, too: 46-41 shuts the door, 47 stops the capture
        DraughtsPosition after = DraughtsRules.plyyard().parse("W:W46,47:B36").play("46-41");
        assertEquals(EndReason.NO_LEGAL_MOVE, after.outcome().orElseThrow().reason());
        assertEquals("White wins: Black has no legal move.", after.outcome().orElseThrow().description());
    }

    @Test
    void noMoveAfterTheEnd() {
        DraughtsPosition over = DraughtsRules.fmjd().parse("B:W28:B");
        assertEquals(EndReason.NO_PIECES, over.outcome().orElseThrow().reason());
        GameOverException e = assertThrows(GameOverException.class, () -> over.parseMove("28-22"));
        assertTrue(e.getMessage().contains("The game is over"), e.getMessage());
        assertThrows(GameOverException.class, () -> over.play(DraughtsRules.fmjd().start().legalMoves().get(0)));
    }

    @Test
    void ongoingGameHasNoOutcome() {
        DraughtsPosition p = DraughtsRules.fmjd().start();
        assertTrue(p.outcome().isEmpty());
        assertEquals(2, p.seats().size());
        assertEquals("white", p.seats().get(0).colour());
        assertEquals(20, p.seats().get(1).pieceCount());
    }
}
