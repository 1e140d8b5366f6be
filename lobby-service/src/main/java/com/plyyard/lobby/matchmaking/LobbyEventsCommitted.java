package com.plyyard.lobby.matchmaking;

/**
 * A CDI event fired after a unit of work that appended lobby events committed: this instance's WatchLobby streams
 * read them now (other instances hear of it by {@code NOTIFY}).
 */
public record LobbyEventsCommitted(long version) {
}
