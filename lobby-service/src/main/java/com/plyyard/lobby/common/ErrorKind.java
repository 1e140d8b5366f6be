package com.plyyard.lobby.common;

/**
 * What kind of refusal a {@link LobbyException} is. The gRPC edge maps each kind to its status code in one place
 * ({@code grpc.ErrorMapper}); nothing below the edge knows about status codes.
 */
public enum ErrorKind {
    /** The request itself is malformed: a missing field, a bad id, a value out of range. */
    INVALID_ARGUMENT,
    /** A named thing (match, seek, player, …) does not exist. */
    NOT_FOUND,
    /** Something unique exists already (a player name). */
    ALREADY_EXISTS,
    /** No valid token came with the call. */
    UNAUTHENTICATED,
    /** The caller may not do this (not their seat, seek, party, challenge). */
    PERMISSION_DENIED,
    /** The request is well formed but the state does not allow it now (not your turn, the match is over). */
    FAILED_PRECONDITION,
    /** The caller's view is stale (an expected version that moved on); read again and retry. */
    ABORTED,
    /** Too much at once: a full queue, a busy dependency. */
    RESOURCE_EXHAUSTED,
    /** A dependency (rules-service, the database) is not reachable now, or the lobby is stopping. */
    UNAVAILABLE,
    /** A dependency failed unexpectedly; logged where it was seen. */
    INTERNAL
}
