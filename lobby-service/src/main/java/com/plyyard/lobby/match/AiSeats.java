package com.plyyard.lobby.match;

import java.util.UUID;

/**
 * Who plays the AI seats, as the match lifecycle needs it (implemented by the {@code ai} package, which depends on
 * this one, not the other way round).
 */
public interface AiSeats {
    /** Whether AI seats can be created; false: CreateMatch and AI fill refuse them with FAILED_PRECONDITION. */
    boolean available();

    /** The sentence of the refusal when {@link #available()} is false. */
    String unavailableReason();

    /**
     * Called after a commit that left an AI seat to move (a match started, a move, a seat out). Returns at once: the
     * thinking happens elsewhere, outside any transaction.
     */
    void onTurn(UUID matchId);

    /**
     * Called after a commit that left a draw offer standing which AI seats still in the game have not answered. Returns
     * at once: the AI weighs the position and answers elsewhere, outside any transaction.
     */
    void onDrawOffer(UUID matchId);
}
