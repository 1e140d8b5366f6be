package com.plyyard.lobby.match;

import com.plyyard.proto.v1.GameState;
import com.plyyard.proto.v1.Outcome;
import java.util.List;
import java.util.UUID;

/**
 * A CDI event fired inside the transaction that stores a finished match's result (not an abort), whichever way it
 * ended; observers (the ratings) change what they keep in that same transaction.
 *
 * @param players by seat: the player's id, or null for a seat that is not a person's (an AI seat)
 */
public record MatchFinished(UUID matchId, String variant, long initialMillis, long incrementMillis, boolean rated,
                            List<UUID> players, GameState state, Outcome result, long atMillis) {
}
