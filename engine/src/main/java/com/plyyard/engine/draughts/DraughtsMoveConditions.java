package com.plyyard.engine.draughts;

import com.plyyard.engine.MoveCondition;
import com.plyyard.engine.Position;
import java.util.List;

/** What a draughts exercise can ask of a move, beside the shared conditions (docs/learn.md). */
final class DraughtsMoveConditions {
    private DraughtsMoveConditions() {
    }

    static final List<MoveCondition> ALL = List.of(
        MoveCondition.of("promotes", "This move is legal but the man does not end on the far row, so it does not become"
            + " a king.", (before, move, after) -> ((DraughtsMove) move).promotes()),
        MoveCondition.of("captures-king", "This move is legal but takes no king.",
            (before, move, after) -> opponentsKings(before) > opponentsKings(after, before)),
        MoveCondition.of("king-moves", "This move is legal but it is not the king that moves.",
            (before, move, after) -> ((DraughtsMove) move).kingMove()),
        MoveCondition.of("quiet", "This move is legal but it captures; the task asks for a move without a capture.",
            (before, move, after) -> !((DraughtsMove) move).isCapture()));

    private static int opponentsKings(Position before) {
        DraughtsState s = ((DraughtsPosition) before).state();
        return s.kingCount(!s.whiteToMove());
    }

    private static int opponentsKings(Position after, Position before) {
        boolean moverWhite = ((DraughtsPosition) before).state().whiteToMove();
        return ((DraughtsPosition) after).state().kingCount(!moverWhite);
    }
}
