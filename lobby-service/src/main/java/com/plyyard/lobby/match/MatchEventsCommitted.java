package com.plyyard.lobby.match;

import java.util.UUID;

/**
 * A CDI event fired after a unit of work that appended events to a match committed: this instance's streams of the
 * match read them now (other instances hear of it by {@code NOTIFY}).
 */
public record MatchEventsCommitted(UUID matchId) {
}
