package com.plyyard.engine.learn;

import com.plyyard.engine.InvalidInputException;
import com.plyyard.engine.Position;
import com.plyyard.engine.VariantRules;
import com.plyyard.engine.catalog.Variants;
import java.util.List;
import java.util.Map;

/**
 * A puzzle found in a game: a position whose side to move — the solver — has exactly one move that keeps the best
 * result, and the line that follows: the solver's moves at the even indices, the opponent's replies at the odd ones,
 * ending with a solver's move. Every solver move of the line was, when the puzzle was found, the only one keeping
 * the result (so the stored move is every right answer); the replies are the defence the verification chose.
 *
 * @param id       stable id, e.g. "piracy-3f2a9c01d4e5" (from the variant, the options and the position)
 * @param variant  variant id, e.g. "piracy:classic"
 * @param options  the variant's options as the position was played under
 * @param position the position in the game's notation
 * @param line     the moves in canonical notation, solver first
 * @param goal     what the solver keeps: {@link Goal}
 * @param themes   what the solver's moves do, where it can be named (the game's {@code puzzleThemes})
 * @param rating   the rating the puzzle starts with (players' results adjust it)
 * @param source   where it was found: the generator's seed, the game and the ply
 */
public record Puzzle(String id, String variant, Map<String, String> options, String position, List<String> line,
                     Goal goal, List<String> themes, int rating, String source) {

    /** What the only move keeps. */
    public enum Goal {
        /** The only winning move ("win the duel"). */
        WIN,
        /** The only move that does not lose ("only drawing move"; by a search: the only one that holds the balance). */
        DRAW,
        /** By a search: the only move that keeps a clear advantage, by a clear margin over the next best. */
        ADVANTAGE;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static Goal fromId(String id) {
            for (Goal g : values()) {
                if (g.id().equals(id)) {
                    return g;
                }
            }
            throw new InvalidInputException("Unknown puzzle goal '" + id + "'; the goals are win, draw and advantage.");
        }
    }

    public Puzzle {
        options = Map.copyOf(options);
        line = List.copyOf(line);
        themes = List.copyOf(themes);
        if (line.isEmpty() || line.size() % 2 == 0) {
            throw new IllegalArgumentException("puzzle " + id + ": a line ends with the solver's move, " + line);
        }
    }

    /** The game, e.g. "piracy". */
    public String game() {
        return rules().game();
    }

    public VariantRules rules() {
        return Variants.get(variant, options);
    }

    /** The puzzle's position, fresh (no draw-rule history). */
    public Position start() {
        return rules().parse(position);
    }

    /** How many moves the solver plays. */
    public int solverMoves() {
        return (line.size() + 1) / 2;
    }
}
