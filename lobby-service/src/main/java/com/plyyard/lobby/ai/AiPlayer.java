package com.plyyard.lobby.ai;

import java.util.UUID;

/**
 * The hook for AI seats. When ai-service exists, an implementation asks it for a move whenever an AI seat
 * is to move ({@link #onTurn}) and submits the answer through the same transaction path as a player's move
 * (MatchLogic#submitMove as that seat). Until then {@link NoAiPlayer} refuses AI seats when a match is created.
 */
public interface AiPlayer {
    /** Whether AI seats can be played; false: CreateMatch refuses them with FAILED_PRECONDITION. */
    boolean available();

    /** The sentence of the refusal when {@link #available()} is false. */
    String unavailableReason();

    /** Called after a commit that left an AI seat to move (match id, seat, the version to expect). */
    void onTurn(UUID matchId, int seat, long expectedVersion);
}
