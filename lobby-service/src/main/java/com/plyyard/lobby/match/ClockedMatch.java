package com.plyyard.lobby.match;

import java.util.UUID;

/**
 * An active match with a clock that a player plays (and is not out of): what keeps them from new pairings, named in
 * the refusal so that they can find it again.
 *
 * @param matchId the match
 * @param variant its variant id, e.g. "ploy:3m:ffa"
 */
public record ClockedMatch(UUID matchId, String variant) {
}
