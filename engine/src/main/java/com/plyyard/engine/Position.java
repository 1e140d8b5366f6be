package com.plyyard.engine;

import java.util.List;
import java.util.Optional;

/**
 * An immutable game position as the rules see it: the board, the seat to move, and the history the draw
 * rules need (counters, repetition keys). Every game implements it, so tools and services can play any
 * variant without knowing which.
 */
public interface Position {
    VariantRules rules();

    /** The position in the game's text notation (draughts FEN, Ploy PPN, Piracy notation), canonical. */
    String notation();

    /** Seat index of the side to move. */
    int toMove();

    List<Seat> seats();

    /**
     * Every legal move, sorted by canonical notation in its game's {@link GameModule#moveOrder()}; empty when the
     * game is over.
     */
    List<? extends LegalMove> legalMoves();

    /**
     * Reads a move in any accepted spelling.
     *
     * @throws InvalidInputException if the text is not a move in this game's notation
     * @throws IllegalMoveException  if it is well-formed but not legal here
     * @throws GameOverException     if the game is already over
     */
    LegalMove parseMove(String text);

    /**
     * Plays a move obtained from {@link #legalMoves()} or {@link #parseMove(String)} of this position.
     *
     * @throws GameOverException if the game is already over
     */
    Position play(LegalMove move);

    /** Convenience: {@code play(parseMove(text))}. */
    default Position play(String text) {
        return play(parseMove(text));
    }

    /** Present when the rules have ended the game (a win, or a draw by a draw rule). */
    Optional<Outcome> outcome();

    default boolean isOver() {
        return outcome().isPresent();
    }

    /** The draw rules' running counts (only the rules of this variant). */
    List<DrawCounter> drawCounters();

    /** Keys of the positions since the last irreversible move, oldest first, this position last. */
    long[] repetitionKeys();

    /** Plies played since the game's first position. */
    int ply();
}
