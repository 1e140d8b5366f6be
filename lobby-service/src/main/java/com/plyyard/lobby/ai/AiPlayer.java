package com.plyyard.lobby.ai;

import java.util.UUID;

/**
 * Plays the AI seats: whenever an AI seat is to move, an implementation asks ai-service for a move and submits
 * it through the same transaction path as a player's move ({@code MatchLogic#submitAiMove}). {@link AiTurns} is
 * the implementation.
 */
public interface AiPlayer {
    /** Whether AI seats can be created; false: CreateMatch refuses them with FAILED_PRECONDITION. */
    boolean available();

    /** The sentence of the refusal when {@link #available()} is false. */
    String unavailableReason();

    /**
     * Called after a commit that left an AI seat to move (a match started, a move, a seat out). Returns at once:
     * the thinking happens elsewhere, outside any transaction.
     */
    void onTurn(UUID matchId);
}
