package com.plyyard.engine.learn;

/**
 * The judgement of one answer.
 *
 * @param correct  the move is legal and has every condition of its step
 * @param solved   the part is done (the last step answered correctly)
 * @param sentence for a wrong answer the rule that forbids it (the rules' own sentence for an illegal move) or the
 *                 condition it misses; for a right one a short confirmation
 * @param reply    the opponent's reply played after a correct move, in canonical notation; empty when none
 * @param position the part's position after the answer (and the reply) when correct; before it when wrong
 * @param step     the step to answer next (unchanged after a wrong answer, so the learner can retry)
 */
public record Verdict(boolean correct, boolean solved, String sentence, String reply, String position, int step) {
}
