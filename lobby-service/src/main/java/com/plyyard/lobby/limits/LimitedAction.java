package com.plyyard.lobby.limits;

/** What a rate limit counts. Each action has one bucket per token (per client address for registrations). */
public enum LimitedAction {
    MOVE("moves"),
    /** CreateMatch, CreateSeek, CreateChallenge, CreateParty, RequestRematch: things that others see and answer. */
    CREATION("creations"),
    POOL_JOIN("pool joins"),
    /** Register, counted per client address: a new player needs no token yet. */
    REGISTRATION("registrations"),
    /** WatchMatch and WatchLobby openings. */
    STREAM("stream openings");

    private final String plural;

    LimitedAction(String plural) {
        this.plural = plural;
    }

    /** How a sentence names the action: "at most 5 moves per 1 s". */
    public String plural() {
        return plural;
    }
}
