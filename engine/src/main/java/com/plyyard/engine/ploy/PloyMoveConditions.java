package com.plyyard.engine.ploy;

import com.plyyard.engine.MoveCondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What a Ploy exercise can ask of a move, beside the shared conditions (docs/learn.md). */
final class PloyMoveConditions {
    private PloyMoveConditions() {
    }

    static final List<MoveCondition> ALL = all();

    private static List<MoveCondition> all() {
        List<MoveCondition> all = new ArrayList<>(List.of(
        MoveCondition.of("rotates", "This move is legal but it moves the piece; the task asks for a turn in place.",
            (before, move, after) -> ((PloyMove) move).isRotationInPlace()),
        MoveCondition.of("captures-commander", "This move is legal but takes no Commander.",
            (before, move, after) -> {
                PloyMove m = (PloyMove) move;
                if (!m.isCapture()) {
                    return false;
                }
                int victim = ((PloyPosition) before).state().mask[PloyState.to(m.code())] & 0xFF;
                return Masks.kind(victim) == PieceKind.COMMANDER;
            }),
        MoveCondition.of("shield-turns", "This move is legal but it is not a Shield stepping and turning in one move.",
            (before, move, after) -> {
                PloyMove m = (PloyMove) move;
                return m.kind() == PieceKind.SHIELD && !m.isRotationInPlace() && m.rotation() != 0;
            })));
        // "shield", "lance", "probe", "commander": which piece the task asks to move or turn
        for (PieceKind kind : PieceKind.values()) {
            String name = kind.name().toLowerCase(Locale.ROOT);
            String article = kind == PieceKind.COMMANDER ? "the Commander" : "a " + capitalised(name);
            all.add(MoveCondition.of(name, "This move is legal but the task asks you to play " + article + ".",
                (before, move, after) -> ((PloyMove) move).kind() == kind));
        }
        return List.copyOf(all);
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
