package com.plyyard.engine.learn;

import java.util.List;
import java.util.Map;

/**
 * One exercise of a lesson: a short text and one or more parts, each a position and a task the learner answers by
 * playing. A comparison ("the same position under {@code plyyard} and under {@code fmjd}") is an exercise of two parts.
 *
 * @param id     unique over every game, e.g. "draughts-capture-is-mandatory"
 * @param game   the game's id, e.g. "draughts"
 * @param lesson the lesson it belongs to, e.g. "Capturing"; lessons keep the order of the file
 * @param title  a few words
 * @param text   the explanation and the question, plain text
 * @param parts  at least one
 */
public record Exercise(String id, String game, String lesson, String title, String text, List<Part> parts) {
    public Exercise {
        parts = List.copyOf(parts);
    }

    /** Whether the parts are played under more than one variant (a rule-set comparison). */
    public boolean comparesVariants() {
        return parts.stream().map(Part::variant).distinct().count() > 1;
    }

    /**
     * One position and the steps played from it.
     *
     * @param label    e.g. "Under fmjd"; empty for a single part
     * @param variant  a variant id, e.g. "draughts:fmjd"
     * @param options  the variant's options (Piracy's board, for one)
     * @param position the position in the game's notation; the side to move answers
     * @param steps    at least one: the learner's moves, each with the opponent's reply before the next
     */
    public record Part(String label, String variant, Map<String, String> options, String position, List<Step> steps) {
        public Part {
            options = Map.copyOf(options);
            steps = List.copyOf(steps);
        }
    }

    /**
     * One move the learner makes.
     *
     * @param conditions every one must hold for the move ({@link Conditions}); "legal" alone accepts every legal move
     * @param why        the sentence for a legal move that misses a condition; empty: the condition's own
     * @param right      the sentence for a correct move (why it is right); empty: a plain confirmation
     * @param solutions  the moves the rules accept here, as the file's author expects them: not used to judge, only
     *                   checked by a test against what the rules say, so that a reviewer sees the answers
     * @param reply      the opponent's answer before the next step; empty after the last step
     */
    public record Step(List<String> conditions, String why, String right, List<String> solutions, String reply) {
        public Step {
            conditions = List.copyOf(conditions);
            solutions = List.copyOf(solutions);
        }
    }
}
