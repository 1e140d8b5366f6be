package com.plyyard.lobby.match;

import com.plyyard.proto.v1.MatchEvent;
import java.util.List;
import java.util.UUID;

/**
 * Fired (a CDI event) after a commit that appended events to a match's log, with those events in version order, so
 * this instance's watchers of the match get them from memory.
 */
public record MatchEventsCommitted(UUID matchId, List<MatchEvent> events) {
}
