package com.plyyard.engine.piracy;

import com.plyyard.engine.MoveCondition;
import java.util.List;

/** What a Piracy exercise can ask of a move, beside the shared conditions (docs/learn.md). */
final class PiracyMoveConditions {
    private PiracyMoveConditions() {
    }

    static final List<MoveCondition> ALL = List.of(
        MoveCondition.of("hits", "This move is legal but scores no hit: no enemy square touches your bow or stern"
            + " after it.", (before, move, after) -> ((PiracyMove) move).hitsDealt() > 0),
        MoveCondition.of("double-hit", "This move is legal but scores fewer than two hits.",
            (before, move, after) -> ((PiracyMove) move).hitsDealt() == 2),
        MoveCondition.of("aground", "This move is legal but does not run the ship aground.",
            (before, move, after) -> ((PiracyMove) move).aground()),
        MoveCondition.of("circle-penalty", "This move is legal but completes no circle, so it takes no penalty hit.",
            (before, move, after) -> ((PiracyMove) move).penalties() > 0),
        MoveCondition.of("sinks-enemy", "This move is legal but does not sink the enemy ship.",
            (before, move, after) -> ((PiracyMove) move).sinksEnemy()),
        MoveCondition.of("afloat", "This move is legal but your ship sinks by it.",
            (before, move, after) -> !((PiracyPosition) after).ship(before.toMove()).sunk()));
}
